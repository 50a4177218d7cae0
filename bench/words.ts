// Vocabulary for generated text. Scenario filters ($containsi) pick from the same list.

export const WORDS = [
  'alpine', 'amber', 'anchor', 'archive', 'atlas', 'aurora', 'balance', 'beacon', 'binary', 'bloom',
  'breeze', 'bridge', 'canyon', 'carbon', 'cascade', 'cedar', 'circuit', 'citadel', 'cloud', 'cobalt',
  'comet', 'compass', 'coral', 'cosmos', 'crystal', 'current', 'delta', 'desert', 'drift', 'echo',
  'eclipse', 'ember', 'engine', 'equinox', 'falcon', 'fathom', 'fern', 'field', 'fjord', 'flare',
  'forest', 'fractal', 'frontier', 'galaxy', 'garden', 'glacier', 'granite', 'gravity', 'harbor', 'harvest',
  'horizon', 'island', 'ivory', 'jade', 'journey', 'jungle', 'kernel', 'lagoon', 'lantern', 'lattice',
  'legend', 'lumen', 'marble', 'meadow', 'meridian', 'meteor', 'mirror', 'monsoon', 'mosaic', 'nebula',
  'needle', 'nexus', 'oasis', 'ocean', 'orbit', 'orchid', 'origin', 'palette', 'paradox', 'pebble',
  'pioneer', 'pixel', 'plasma', 'prairie', 'prism', 'pulse', 'quartz', 'quasar', 'radiant', 'rapids',
  'reef', 'ridge', 'river', 'saffron', 'savanna', 'signal', 'silver', 'solstice', 'spark', 'spiral',
  'summit', 'tempest', 'thunder', 'tide', 'timber', 'topaz', 'trail', 'tundra', 'valley', 'vector',
  'velvet', 'vertex', 'voyage', 'willow', 'zenith', 'zephyr',
];

export const FIRST_NAMES = [
  'Ada', 'Alan', 'Barbara', 'Brian', 'Claude', 'Dennis', 'Donald', 'Edsger', 'Frances', 'Grace',
  'Guido', 'Hedy', 'Ivan', 'Jean', 'John', 'Ken', 'Linus', 'Margaret', 'Niklaus', 'Radia',
  'Rasmus', 'Shafi', 'Sophie', 'Tim', 'Yukihiro',
];

export const LAST_NAMES = [
  'Allen', 'Backus', 'Berners-Lee', 'Dijkstra', 'Goldwasser', 'Hamilton', 'Hopper', 'Kay', 'Kernighan', 'Knuth',
  'Lamarr', 'Lerdorf', 'Liskov', 'Lovelace', 'Matsumoto', 'McCarthy', 'Perlman', 'Ritchie', 'Rossum', 'Shannon',
  'Sutherland', 'Thompson', 'Torvalds', 'Turing', 'Wilson', 'Wirth',
];
