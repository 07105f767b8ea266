// Types of the grasplab library (package/index.js). Units SI, world frame z-up.

/** Where a scene's "assets/..." files are read from: a URL (http(s) or file:, as a string or a URL object) or, in Node, a directory path. */
export interface SimulationOptions {
  baseUrl?: string | { readonly href: string };
}

/** Force closure and the Ferrari-Canny measures of a scene's grasp (core/io/grasp_json.h). */
export interface GraspMetrics {
  forceClosure: boolean;
  /** L1 epsilon: the smallest disturbance per N of total normal force the grasp resists in every direction. */
  epsilonL1: number;
  volumeL1: number;
  /** L-infinity measures; null unless asked for with { linf: true }. */
  epsilonLinf: number | null;
  volumeLinf: number | null;
  contacts: number;
  wrenches: number;
  /** Dimension the L1 wrenches span (6 in force closure). */
  rank: number;
  /** rho (m): torques are divided by it. */
  torqueScale: number;
  /** Why a metric is 0 or missing; empty otherwise. */
  note: string;
}

export interface BodyState {
  name: string;
  static: boolean;
  /** m */
  position: [number, number, number];
  /** [w, x, y, z] */
  orientation: [number, number, number, number];
}

export interface SimulationState {
  /** s */
  time: number;
  steps: number;
  /** FNV-1a of every body's pose and velocity bits, as the CLI and the page print it. */
  stateHash: string;
  contactCount: number;
  bodies: BodyState[];
}

export interface Simulation {
  /** A scene's JSON text or a share link ("#scene=..." or "#builtin=NAME"). Throws with a message naming the field; the scene loaded before stays. */
  loadScene(textOrLink: string): Promise<void>;
  /** n steps of the scene's timestep (actions, controllers, the contact step). */
  step(n?: number): void;
  /** Back to t = 0 of the loaded scene. */
  reset(): void;
  readonly time: number;
  readonly stepCount: number;
  readonly timestep: number;
  stateHash(): string;
  /** POSE_STRIDE per body: x, y, z, qw, qx, qy, qz (a copy). */
  poses(): Float64Array;
  /** CONTACT_STRIDE per contact, fields at the offsets of Contact (a copy). */
  contacts(): Float64Array;
  /** JOINT_STRIDE per joint (a copy). */
  joints(): Float64Array;
  /** 1 per body asleep (the scene's "sleep"), 0 awake or static; in body order (a copy). */
  sleeping(): Uint8Array;
  /** The scene's grasp metrics, or null when the scene names no grasp. */
  grasp(options?: { linf?: boolean }): GraspMetrics | null;
  state(): SimulationState;
  /** What `grasplab run` prints for the scene as it stands. */
  summary(): Record<string, unknown>;
  /** Every sensor's last reading (docs/sensors.md), [] in a scene without sensors. */
  sensors(): SensorReading[];
  /** Frees the module instance; the object cannot be used after. */
  dispose(): void;
}

export function createSimulation(options?: SimulationOptions): Promise<Simulation>;

/** A sensor's last reading (docs/sensors.md): taken at `time` (s), after step `step`; `count` readings so far. */
interface SensorReadingBase { name: string; time: number; step: number; count: number; }
/** Per joint: URDF position (rad or m), velocity (rad/s or m/s), motor effort (N m or N). */
export interface JointSensorReading extends SensorReadingBase {
  type: 'joint'; joints: string[]; position: number[]; velocity: number[]; effort: number[];
}
/** What the hand exerts on its mount, in the sensor frame (N, N m about its origin); the frame in the world. */
export interface ForceTorqueSensorReading extends SensorReadingBase {
  type: 'force_torque'; body: string; position: [number, number, number]; orientation: [number, number, number, number];
  force: [number, number, number]; torque: [number, number, number];
}
/** Normal force per taxel (N), rows x cols row-major, and their total. */
export interface TactileSensorReading extends SensorReadingBase {
  type: 'tactile'; body: string; position: [number, number, number]; orientation: [number, number, number, number];
  rows: number; cols: number; taxels: number[]; total: number;
}
export type SensorReading = JointSensorReading | ForceTorqueSensorReading | TactileSensorReading;

export const POSE_STRIDE: number;
export const CONTACT_STRIDE: number;
export const JOINT_STRIDE: number;
/** Offsets within a contact record (core/io/frame_arrays.h). */
export const Contact: Readonly<{
  P: number; N: number; NORMAL_FORCE: number; FRICTION_FORCE: number; MU: number; BODY_A: number; BODY_B: number;
  SLIP: number; SLIDING: number; T1: number; GAP: number; ACTIVE: number;
}>;

/** The same simulation in a Web Worker: each method answers with a Promise. */
export interface WorkerSimulation {
  loadScene(textOrLink: string): Promise<void>;
  step(n?: number): Promise<void>;
  reset(): Promise<void>;
  time(): Promise<number>;
  stepCount(): Promise<number>;
  timestep(): Promise<number>;
  stateHash(): Promise<string>;
  poses(): Promise<Float64Array>;
  contacts(): Promise<Float64Array>;
  joints(): Promise<Float64Array>;
  sleeping(): Promise<Uint8Array>;
  grasp(options?: { linf?: boolean }): Promise<GraspMetrics | null>;
  state(): Promise<SimulationState>;
  summary(): Promise<Record<string, unknown>>;
  sensors(): Promise<SensorReading[]>;
  /** Ends the worker; calls after it reject. */
  dispose(): void;
}

/** Browsers: the simulation runs in its own Web Worker, off the page's thread. */
export function createWorkerSimulation(options?: SimulationOptions): Promise<WorkerSimulation>;
