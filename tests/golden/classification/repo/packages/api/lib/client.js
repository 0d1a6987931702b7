// Hand-written: no TypeScript source, kept as source.
module.exports = function client(base) {
  return { health: () => fetch(base + "/health") };
};
