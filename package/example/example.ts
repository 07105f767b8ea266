// The typed API in use (checked by tsc --noEmit in tests/wasm/package.test.mjs):
// load a bundled scene by its link, step it, read the grasp, the contacts and the sensors.
import { createSimulation, CONTACT_STRIDE, Contact } from 'grasplab';
import type { ForceTorqueSensorReading, GraspMetrics, Simulation, SimulationState } from 'grasplab';

export async function run(baseUrl: string, steps: number): Promise<{ hash: string; grasp: GraspMetrics | null; normalForce: number;
  wristForce: [number, number, number] | null }> {
  const sim: Simulation = await createSimulation({ baseUrl });
  try {
    await sim.loadScene('#builtin=barrett-handset');
    sim.step(steps);
    const contacts: Float64Array = sim.contacts();
    let normalForce = 0;
    for (let o = 0; o + CONTACT_STRIDE <= contacts.length; o += CONTACT_STRIDE) normalForce += contacts[o + Contact.NORMAL_FORCE];
    const state: SimulationState = sim.state();
    // A wrist force/torque sensor's reading, when the scene has one (the handset has none).
    const wrist = sim.sensors().find((s): s is ForceTorqueSensorReading => s.type === 'force_torque') ?? null;
    return { hash: state.stateHash, grasp: sim.grasp(), normalForce, wristForce: wrist ? wrist.force : null };
  } finally {
    sim.dispose();
  }
}
