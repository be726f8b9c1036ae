// The weighed products' search, as the sale screen's: by name or brand, accents and case ignored, every word typed
// found somewhere in them.

function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function matchingProducts<Product extends { nome: string; marca: string | null }>(
  products: readonly Product[],
  text: string,
): readonly Product[] {
  const words = folded(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return products;
  return products.filter((product) => {
    const haystack = folded(`${product.nome} ${product.marca ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}
