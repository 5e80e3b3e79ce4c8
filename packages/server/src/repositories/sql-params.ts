/** Numbered parameters for SQL assembled from fixed fragments: `p.add(value)` -> `$n`. */
import type { SqlValue } from '../db/database';

export class SqlParams {
  readonly values: SqlValue[] = [];

  /** The placeholder of a new parameter. */
  add(value: SqlValue): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
