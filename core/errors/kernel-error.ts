// Errors that stop start-up: a bad config value, a wrong schema, a conflicting plugin, a tap after
// its phase. They carry a code (<AREA>_ERR_<WHAT>) and name the file, key or plugin at fault.

export type KernelErrorCode =
  | 'CONFIG_ERR_INVALID'
  | 'CONFIG_ERR_LOAD'
  | 'SCHEMA_ERR_INVALID'
  | 'SCHEMA_ERR_LOAD'
  | 'SCHEMA_ERR_CONFLICT'
  | 'SYNC_ERR_DESTRUCTIVE'
  | 'SYNC_ERR_RENAME'
  | 'PLUGIN_ERR_UNKNOWN'
  | 'PLUGIN_ERR_DEPENDENCY'
  | 'PLUGIN_ERR_DUPLICATE'
  | 'PLUGIN_ERR_INVALID'
  | 'KERNEL_ERR_LATE_TAP'
  | 'KERNEL_ERR_LATE_MUTATION'
  | 'KERNEL_ERR_STATE'
  | 'ROUTE_ERR_DUPLICATE'
  | 'HOOK_ERR_TAP_FAILED';

export class KernelError extends Error {
  readonly code: KernelErrorCode;
  constructor(code: KernelErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KernelError';
    this.code = code;
  }
}

/** A KernelError, also one from a second copy of this module (a plugin loaded by path from a test
 *  run may bring one), recognised by its name and code. */
export function isKernelError(err: unknown): err is KernelError {
  return err instanceof KernelError
    || (err instanceof Error && err.name === 'KernelError' && typeof (err as { code?: unknown }).code === 'string');
}
