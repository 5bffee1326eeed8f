// The region model's rules, safe in the browser: conditions, problems and where they come from, merging layers.
// Reading the files is engine/region-files (Node only).
export { CONDITION_ROOTS, SESSION_FIELDS, conditionPaths, evaluateCondition, readPath, type Condition, type ConditionContext } from './condition.js';
export { formatPath, formatProblem, sortProblems, suggest, type PathSegment, type Problem } from './problem.js';
export { mergeLayers, type Layer } from './merge.js';
export { findOrigin, locate, type Origin, type OriginNode } from './origin.js';
