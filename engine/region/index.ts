// The region model's rules, safe in the browser: conditions, problems and where they come from, merging layers.
// Reading the files is engine/region-files (Node only).
export { CONDITION_ROOTS, SESSION_FIELDS, conditionPaths, evaluateCondition, readPath, type Condition, type ConditionContext } from './condition.js';
export {
  PAGES_STILL_SERVE,
  formatPath,
  formatProblem,
  makeProblem,
  parsePath,
  sortProblems,
  stopsServing,
  suggest,
  type PathSegment,
  type Problem,
  type ProblemFacts,
} from './problem.js';
export { PROBLEM_TEXTS, type ProblemCode, type ProblemLanguage, type ProblemParams, type ProblemText } from './problem-texts.js';
export { blockMeta, type BlockMeta, type BlockSourceNeeds } from './block-meta.js';
export {
  ENUM_TITLES_KEYWORD,
  schemaTexts,
  TEXT_KEYWORDS,
  uiSchemaFromTexts,
  withoutEnglishDescriptions,
  type SchemaTexts,
  type UiSchemaTexts,
} from './schema-texts.js';
export { describeWhere, withWhere } from './where.js';
export { mergeLayers, type Layer } from './merge.js';
export { findOrigin, locate, type Origin, type OriginNode } from './origin.js';
