/** A number given on a benchmark's command line as `--name <value>`, else the fallback. */
export const numberArg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? Number(process.argv[i + 1]) : fallback;
};

/** A string given on a benchmark's command line as `--name <value>`, else undefined. */
export const stringArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? process.argv[i + 1] : undefined;
};

/** Every `--node-arg <flag>` on a benchmark's command line: flags for the node of the process it starts (a V8 option, say). */
export const nodeArgs = () => process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--node-arg' ? [arg] : []));
