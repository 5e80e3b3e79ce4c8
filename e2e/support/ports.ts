/**
 * Every port a journey opens is moved by E2E_PORT_SHIFT (default 0), so that two runs on one machine
 * (two checkouts of the repository, say) do not collide.
 */
export const PORT_SHIFT = Number(process.env.E2E_PORT_SHIFT ?? 0);

export const shifted = (port: number): number => port + PORT_SHIFT;
