/**
 * An address with its city, the one way the site prints a branch's address where the city is not
 * obvious from the page (docs/product.md#entities "Branch", "Order"): "Київ, вул. Європейська, 47".
 * The city is not repeated when the address already names it.
 */
export function addressWithCity(address: string, city: string | null | undefined): string {
  const place = address.trim();
  const town = city?.trim();
  const named = (part: string) => [town, `м. ${town}`, `с. ${town}`, `смт ${town}`].includes(part.trim());
  if (!town || place.split(',').some(named)) return place;
  return place ? `${town}, ${place}` : town;
}

/**
 * A branch as people read it: its title, then its address when that says more (many branches are
 * titled by their address, and "вул. Хрещатик, 67, вул. Хрещатик, 67" says it twice); the address
 * with the branch's city when it is given (an order names its branch's city: it may be another city's).
 */
export function branchLabel(branch: { title: string; address: string | null; city?: string | null }): string {
  const address = branch.address?.trim();
  if (!address || address === branch.title.trim() || branch.title.includes(address)) {
    return addressWithCity(branch.title, branch.city);
  }
  return `${branch.title}, ${addressWithCity(address, branch.city)}`;
}
