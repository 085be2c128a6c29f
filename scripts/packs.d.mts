/** The pack names: one folder per pack under packs/_source. */
export function packNames(): Promise<string[]>;
/** Compiles every pack from its sources into `<outRoot>/<pack>`; returns the odds placeholders filled, by pack. */
export function packAll(options?: { outRoot?: string; log?: boolean }): Promise<Record<string, string[]>>;
/** Extracts every compiled pack back into its sources, odds tables turned back into placeholders. */
export function unpackAll(): Promise<void>;
/** Reads a compiled pack back through fvtt-cli's `extractPack`: every document as its source JSON, with its `_key`. */
export function readPack(packDir: string): Promise<Record<string, unknown>[]>;
