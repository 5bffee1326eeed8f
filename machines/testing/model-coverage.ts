/**
 * Test support for the model-based machine tests (not exported from `machines/index.ts`): test paths generated from
 * a machine's own graph, and the proof that they reach every state node and take every transition the machine
 * defines. The proof fails the test, naming what was missed, as soon as one state or transition is not reached.
 *
 * Paths come two ways:
 * - {@link transitionPaths}: events from a fixed list, a graph vertex per transition; for machines whose states are
 *   small plain data. Their coverage can be read off the definition without running anything.
 * - {@link edgePaths}: the machine's own event descriptors, one path per edge of the graph; for machines that own
 *   sockets and timers, whose paths are then driven on real actors.
 *
 * Coverage is recorded by {@link coverage}: from the paths themselves (`addPaths`), or from real actors driven along
 * them (`inspect`, which also sees eventless transitions).
 *
 * @example
 * const events = [{ type: 'CHECK' }, { type: 'LOGOUT' }];
 * const paths = transitionPaths(sessionMachine, { events, key: (s) => s.value });
 * it('the generated paths reach every state node and take every transition of the machine', () => {
 *   coverage(sessionMachine).addPaths(paths).expectComplete();
 * });
 * for (const path of paths) it(`drives: ${path.steps.map((s) => s.event.type).join(' → ')}`, () => drive(path));
 */
import { expect } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
  type Snapshot,
} from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';

/** Every state node of the machine, the root first. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(walk)];
  return walk(machine.root);
}

/** A transition of the definition: `source event#branch`, or `source always#branch` for an eventless one. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const always = t.source.always?.indexOf(t) ?? -1;
  if (always >= 0) return `${t.source.id} always#${always}`;
  return `${t.source.id} ${t.eventType}#${t.source.transitions.get(t.eventType)!.indexOf(t)}`;
}

/** Every transition the machine defines ({@link transitionKey}), eventless ones included. */
export function definedTransitions(machine: AnyStateMachine): string[] {
  return stateNodesOf(machine).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey));
}

/** What has been reached of one machine so far; see {@link coverage}. */
export interface Coverage {
  /** Ids of the state nodes reached. */
  readonly nodes: Set<string>;
  /** Keys ({@link transitionKey}) of the transitions taken. */
  readonly transitions: Set<string>;
  /**
   * For `createActor(machine, { inspect })`: records every state the actor is in and every transition it takes, each
   * microstep (eventless transitions included). Only the root actor counts, not its children.
   */
  inspect(event: InspectionEvent): void;
  /**
   * Records what generated paths reach, read off the definition without running them. A path does not show eventless
   * transitions, so a machine with any fails here: record actors driven along the paths with `inspect` instead.
   */
  addPaths<TSnapshot extends Snapshot<unknown>>(paths: ReadonlyArray<StatePath<TSnapshot, EventObject>>): Coverage;
  /** Fails the test, naming what is missing, unless every state node was reached and every transition taken. */
  expectComplete(): void;
}

/** An empty record of what paths or actors reach of `machine`. */
export function coverage(machine: AnyStateMachine): Coverage {
  const nodes = new Set<string>();
  const transitions = new Set<string>();
  const reach = (snapshot: unknown) => (snapshot as AnyMachineSnapshot)._nodes.forEach((node: AnyStateNode) => nodes.add(node.id));
  const take = (t: AnyTransitionDefinition) => {
    // A transient state shows up only as the source of the transition that left it.
    nodes.add(t.source.id);
    transitions.add(transitionKey(t));
  };
  const record: Coverage = {
    nodes,
    transitions,
    inspect(event) {
      if (event.actorRef.sessionId !== event.rootId) return;
      if (event.type === '@xstate.snapshot') reach(event.snapshot);
      if (event.type !== '@xstate.microstep') return;
      reach(event.snapshot);
      (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions.forEach(take);
    },
    addPaths(paths) {
      const eventless = stateNodesOf(machine).filter((node) => node.always?.length);
      expect(
        eventless.map((node) => node.id),
        'state nodes with eventless transitions, which paths do not show (record driven actors with `inspect`)',
      ).toEqual([]);
      for (const path of paths) {
        path.steps.forEach((step, i) => {
          reach(step.state);
          if (i === 0) return;
          machine.getTransitionData(path.steps[i - 1].state as never, step.event as never).forEach(take);
        });
      }
      return record;
    },
    expectComplete() {
      const allNodes = stateNodesOf(machine).map((node) => node.id);
      const allTransitions = definedTransitions(machine);
      expect(
        allNodes.filter((id) => !nodes.has(id)),
        `state nodes of ${machine.id} never reached`,
      ).toEqual([]);
      expect(
        allTransitions.filter((key) => !transitions.has(key)),
        `transitions of ${machine.id} never taken`,
      ).toEqual([]);
      expect(
        [...[...nodes].filter((id) => !allNodes.includes(id)), ...[...transitions].filter((key) => !allTransitions.includes(key))],
        `recorded, yet not in ${machine.id}`,
      ).toEqual([]);
    },
  };
  return record;
}

/**
 * Shortest paths over a graph with a vertex per transition (previous state, event, next state), so that the paths to
 * all vertices take every transition the events can take, not only reach every state. In each state only the events
 * the machine takes there are tried, so each step is a transition.
 *
 * @param options.events the events a driver can send: a list, or a function of the state for ones that depend on it.
 * @param options.key what tells two states apart, e.g. `(s) => s.value` or `(s) => [s.value, s.context]`.
 */
export function transitionPaths<TSnapshot extends Snapshot<unknown> = AnyMachineSnapshot>(
  machine: AnyStateMachine,
  options: {
    input?: unknown;
    events: EventObject[] | ((snapshot: TSnapshot) => EventObject[]);
    key: (snapshot: TSnapshot) => unknown;
  },
): Array<StatePath<TSnapshot, EventObject>> {
  const { events, key } = options;
  const candidates = typeof events === 'function' ? events : () => events;
  const model = new TestModel(machine, {
    input: options.input,
    events: (snapshot: TSnapshot) => candidates(snapshot).filter((e) => machine.getTransitionData(snapshot as never, e as never).length > 0),
    // An error's JSON is `{}`: events are told apart by their other fields.
    serializeState: (s: TSnapshot, e: EventObject | undefined, prev?: TSnapshot) =>
      JSON.stringify([prev && key(prev), e ? { ...e, error: undefined } : null, key(s)]),
  } as never);
  return model.getShortestPaths() as unknown as Array<StatePath<TSnapshot, EventObject>>;
}

/**
 * A test model over the machine itself, and one path per edge of its graph: the shortest path to each state, then
 * each event that state handles. (`createTestModel` refuses machines with `invoke` or `after`, which expect an abstract
 * model; the traversal here is the same pure `transition`.) Shortest paths alone reach every state but skip edges
 * between states already reached (a self-transition, a second way in).
 *
 * The events are the machine's own descriptors; `cases` give the ones that carry data (all cases of a type are
 * tried). `key` tells states apart and may leave out what grows without end: each path is replayed with the pure
 * `transition`, so its snapshots are exactly those an actor driven along it must show.
 *
 * @example
 * const { model, paths } = edgePaths(realtimeChannelMachine, { input, cases: [{ type: 'WATCH', projectId: 12 }], key });
 * for (const path of paths) await model.testPath(path, { events: { WATCH: send }, states: { '*': expectSame } });
 */
export function edgePaths(machine: AnyStateMachine, options: { input?: unknown; cases?: AnyEventObject[]; key: (snapshot: AnyMachineSnapshot) => unknown }) {
  const { input, cases = [] } = options;
  const key = (snapshot: AnyMachineSnapshot) => JSON.stringify(options.key(snapshot));
  const model = new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(machine, {
    input,
    events: (snapshot: AnyMachineSnapshot) =>
      __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string) => {
        const matching = cases.filter((event) => event.type === type);
        return matching.length ? matching : [{ type }];
      }),
    serializeState: key,
    stateMatcher: (snapshot: AnyMachineSnapshot, stateKey: string) => stateKey === '*' || snapshot.matches(stateKey),
  } as never);
  const replay = (events: AnyEventObject[]): StatePath<AnyMachineSnapshot, AnyEventObject> => {
    let [state] = initialTransition(machine, input);
    const steps = [{ event: { type: 'xstate.init' } as AnyEventObject, state }];
    for (const event of events) {
      [state] = transition(machine, state, event);
      steps.push({ event, state });
    }
    return { state, steps, weight: steps.length };
  };
  const toState = new Map(model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => [key(path.state), path]));
  const paths = Object.values(model.getAdjacencyMap()).flatMap(({ state, transitions }) => {
    const head = toState.get(key(state));
    if (!head) throw new Error(`no path to ${key(state)}`);
    const events = head.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
    return Object.values(transitions as Record<string, { event: AnyEventObject }>).map(({ event }) => replay([...events, event]));
  });
  return { model, paths };
}
