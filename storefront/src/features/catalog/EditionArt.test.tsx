import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { render } from '@testing-library/react';
import { BUILD_CATALOG } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { EditionArt, editionArtSrc } from './EditionArt';

const PUBLIC = resolve(import.meta.dirname, '../../../public');

describe('EditionArt', () => {
  it("has artwork for every edition of the build's catalogue, and the files exist", () => {
    for (const { id } of BUILD_CATALOG) {
      const src = editionArtSrc(id);
      expect(src, id).toBe(`/art/${id}.svg`);
      expect(existsSync(resolve(PUBLIC, `.${src}`)), src).toBe(true);
    }
  });

  it('is decorative, and its width and height give the box its proportions before the file loads', () => {
    const { container } = render(<EditionArt productId="office-2024-standard" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['320', '200']);
    expect(img.style.height).toBe('auto');
  });

  it('draws nothing for an edition without artwork', () => {
    const { container } = render(<EditionArt productId="visio-2024-professional" />);
    expect(container.innerHTML).toBe('');
  });
});
