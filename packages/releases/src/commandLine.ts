// What every command line of the release domain does with its arguments: `--help` (or `-h`) prints
// its usage and exits 0; an unknown option or a missing value prints the reason and the usage and
// exits 2, never a stack trace.
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function commandLine<O extends Options>(
  usage: string,
  options: O,
  args: string[] = process.argv.slice(2),
): {
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; args: string[] }>>['values'];
  positionals: string[];
} {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    const { values, positionals } = parseArgs({ options, allowPositionals: true, args });
    return { values, positionals };
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
