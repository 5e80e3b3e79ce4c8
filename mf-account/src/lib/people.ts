/** Names as the account shows them. */
type Named = { firstName: string; lastName: string; middleName?: string | null };

/** "Олена Коваленко": the header and short mentions. */
export function shortName(person: Named): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

/** "Коваленко Олена Петрівна": lists and documents, surname first as Ukrainian forms write it. */
export function fullName(person: Named): string {
  return [person.lastName, person.firstName, person.middleName].filter(Boolean).join(' ');
}

/** Up to two capital letters for an avatar without a photo. */
export function initials(person: Named): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
}
