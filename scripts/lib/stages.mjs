// How `npm test` orders its steps: lanes that run side by side (scripts/test.mjs).

/** @typedef {{ name: string, title: string, cmd: string, args: string[], needsServices?: boolean, lane?: 'backend' | 'web' }} Step */

/**
 * The plan as stages: a step of no lane is a stage of its own; consecutive steps with lanes form one stage whose
 * lanes run side by side (each lane's steps in order). With `serial` every step is a stage of its own.
 * @template {Step} S
 * @param {S[]} plan @param {{ serial?: boolean }} [options] @returns {S[][][]} stages → lanes → steps
 */
export function stagesOf(plan, { serial = false } = {}) {
  /** @type {S[][][]} */
  const stages = [];
  /** @type {Map<string, S[]> | null} */
  let lanes = null;
  for (const step of plan) {
    if (!step.lane || serial) {
      lanes = null;
      stages.push([[step]]);
      continue;
    }
    if (!lanes) {
      lanes = new Map();
      stages.push([]);
    }
    const lane = lanes.get(step.lane);
    if (lane) lane.push(step);
    else {
      const steps = [step];
      lanes.set(step.lane, steps);
      stages.at(-1)?.push(steps);
    }
  }
  // A stage whose steps all sit in one lane (`--only backend-unit,backend-e2e`) runs them in order, unprefixed.
  return stages.flatMap((stage) => (stage.length === 1 ? stage[0].map((step) => [[step]]) : [stage]));
}
