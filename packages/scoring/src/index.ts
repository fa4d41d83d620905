/**
 * @riskatlas/scoring — the crime-risk model: pure functions over the data pack, (location,
 * country, release year, methodology) → 90 scores with confidence. Built by issue #4; until then
 * this package holds only its build and test wiring, and exports nothing.
 */
export {};
