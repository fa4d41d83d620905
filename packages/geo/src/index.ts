/**
 * @riskatlas/geo — gazetteer, geocoder (forward, reverse, candidates, precision), places search,
 * boundaries and scorability, over the committed data pack. Built by issue #3; until then this
 * package holds only its build and test wiring, and exports nothing.
 */
export {};
