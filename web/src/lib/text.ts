/** Text folded for searching: lower case, without accents ('Lucía' and 'lucia' match). */
export const foldText = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
