// Types of cluster/processes.mjs for the TypeScript that imports it (bench/cluster.ts).
import type { ChildProcess } from "node:child_process";

export const ROOT: string;
export function ensureServerBuilt(): Promise<void>;
export function fromUnit(port: number): { env: Record<string, string>; args: string[] };
export function requireHaproxy(): void;
export function waitReady(url: string, seconds?: number, readyPath?: string): Promise<void>;

export type Child = {
  name: string;
  child: ChildProcess;
  logFile: string | null;
  exit: { code: number | null; signal: NodeJS.Signals | null; at: number } | null;
};

export function processGroup(work: string): {
  children: Map<number, Child>;
  track(name: string, child: ChildProcess, logFile: string | null): Child;
  startInstance(name: string, port: number, env: Record<string, string>): Child;
  startHaproxy(name: string, bind: string, apps: string[]): Child;
  stopAll(graceMs?: number): Promise<void>;
};
