// The product image's rules (docs/product.md §5, §9): accepted types by MIME and extension (a PDF refused, with its own
// message), the 5 MB limit, and the scale that keeps both sides within 1024 px without ever enlarging.
import { describe, expect, it } from 'vitest';
import { imageProblemToast } from '../../src/features/products/image-problem.ts';
import { checkImageFile, fitWithin, IMAGE_MAX_BYTES, objectPathOf } from '../../workers/images/schema.ts';

describe('checkImageFile', () => {
  it('accepts JPG, JPEG and PNG when both the type and the extension say so', () => {
    expect(checkImageFile({ name: 'foto.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'FOTO.JPEG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.b.png', type: 'image/png', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'foto.jpg', type: 'image/jpg', size: 10 })).toBeNull();
  });

  it('refuses any other type or extension, and a mismatch of the two', () => {
    expect(checkImageFile({ name: 'anim.gif', type: 'image/gif', size: 10 })).toBe('invalid_format');
    expect(checkImageFile({ name: 'foto.png', type: 'image/gif', size: 10 })).toBe('invalid_format');
    expect(checkImageFile({ name: 'foto.gif', type: 'image/png', size: 10 })).toBe('invalid_format');
    expect(checkImageFile({ name: 'foto', type: 'image/png', size: 10 })).toBe('invalid_format');
    expect(checkImageFile({ name: 'foto.webp', type: 'image/webp', size: 10 })).toBe('invalid_format');
  });

  it('refuses a PDF by its type or its name as not a picture', () => {
    expect(checkImageFile({ name: 'nota.pdf', type: 'application/pdf', size: 10 })).toBe('invalid_type');
    expect(checkImageFile({ name: 'NOTA.PDF', type: '', size: 10 })).toBe('invalid_type');
    expect(checkImageFile({ name: 'foto.png', type: 'application/pdf', size: 10 })).toBe('invalid_type');
  });

  it('allows 5 MB exactly and refuses one byte more', () => {
    expect(checkImageFile({ name: 'f.png', type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ name: 'f.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('too_large');
  });
});

describe('refusal messages', () => {
  it('name a PDF, a file that is not a picture, another type and a file too large, in Portuguese', () => {
    const pdf = { name: 'nota.pdf', type: 'application/pdf' };
    expect(imageProblemToast('invalid_type', pdf)).toEqual({
      title: 'Tipo de arquivo não suportado',
      description: 'Um PDF não pode ser a imagem do produto. Envie uma foto em JPG, JPEG ou PNG.',
    });
    expect(imageProblemToast('invalid_type', { name: 'foto.png', type: 'image/png' }).description).toBe(
      'Este arquivo não é uma imagem. Envie uma foto em JPG, JPEG ou PNG.',
    );
    expect(imageProblemToast('invalid_format', { name: 'a.gif', type: 'image/gif' }).description).toBe(
      'Envie apenas arquivos JPG, JPEG ou PNG.',
    );
    expect(imageProblemToast('too_large', pdf)).toEqual({
      title: 'Arquivo muito grande',
      description: 'O tamanho máximo permitido é 5MB.',
    });
  });
});

describe('fitWithin', () => {
  it('scales the longer side down to 1024 px keeping the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 768, height: 1024 });
    expect(fitWithin(2048, 2048)).toEqual({ width: 1024, height: 1024 });
    expect(fitWithin(5000, 10)).toEqual({ width: 1024, height: 2 });
    expect(fitWithin(100000, 1)).toEqual({ width: 1024, height: 1 });
  });

  it('never enlarges', () => {
    expect(fitWithin(1024, 500)).toEqual({ width: 1024, height: 500 });
    expect(fitWithin(64, 32)).toEqual({ width: 64, height: 32 });
    expect(fitWithin(0, 10)).toEqual({ width: 0, height: 0 });
  });
});

describe('objectPathOf', () => {
  it('reads the object path from plain and transformed public URLs', () => {
    const base = 'http://127.0.0.1:54321/storage/v1';
    expect(objectPathOf(`${base}/render/image/public/product-images/u1/produtos/1_ab.jpg?width=800&v=1`)).toBe(
      'u1/produtos/1_ab.jpg',
    );
    expect(objectPathOf(`${base}/object/public/product-images/u1/produtos/nota%20fiscal.pdf?v=2`)).toBe(
      'u1/produtos/nota fiscal.pdf',
    );
    expect(objectPathOf('https://exemplo.com/foto.jpg')).toBeNull();
    expect(objectPathOf(null)).toBeNull();
  });
});
