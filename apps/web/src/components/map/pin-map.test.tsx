import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AtlasMap, PinMap, roundPin } from './index';

// jsdom has no WebGL: these check what a user of such a browser gets, never a blank box.
describe('PinMap without WebGL', () => {
  it('says the map cannot be shown and gives the pin’s coordinates', () => {
    render(<PinMap pin={{ latitude: 41.8781, longitude: -87.6298 }} onPin={vi.fn()} />);
    const map = screen.getByRole('region', { name: 'Site location map' });
    expect(map).toHaveTextContent('The map cannot be shown in this browser.');
    expect(map).toHaveTextContent('Pin: 41.8781000, -87.6298000');
  });

  it('says there is no pin yet before one is set', () => {
    render(<PinMap pin={null} onPin={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Site location map' })).toHaveTextContent('No pin yet.');
  });

  it('lists the geocode candidates in order, and choosing one reports its key', async () => {
    const onChooseCandidate = vi.fn();
    const user = userEvent.setup();
    render(
      <PinMap
        pin={null}
        onPin={vi.fn()}
        candidates={[
          { key: 'a', label: '1 Main St, Springfield, IL', latitude: 39.8, longitude: -89.6 },
          { key: 'b', label: '1 Main St, Springfield, MA', latitude: 42.1, longitude: -72.6 },
        ]}
        onChooseCandidate={onChooseCandidate}
      />,
    );
    const list = screen.getByRole('list', { name: 'Places found' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['1 Main St, Springfield, IL', '1 Main St, Springfield, MA']);
    await user.click(within(list).getByRole('button', { name: '1 Main St, Springfield, MA' }));
    expect(onChooseCandidate).toHaveBeenCalledWith('b');
  });

  it('names the existing sites nearby', () => {
    render(<PinMap pin={null} onPin={vi.fn()} nearbySites={[{ siteId: 7, siteName: 'Chicago Loop', latitude: 41.88, longitude: -87.63 }]} />);
    expect(screen.getByRole('list', { name: 'Sites nearby' })).toHaveTextContent('Chicago Loop (41.8800000, -87.6300000)');
  });
});

describe('AtlasMap without WebGL', () => {
  it('keeps its label and shows the caller’s details under the sentence', () => {
    render(<AtlasMap view={{ center: { latitude: 51.5, longitude: -0.12 }, zoom: 11 }} label="Map of 2 sites" fallbackDetails="2 sites in London" />);
    const map = screen.getByRole('region', { name: 'Map of 2 sites' });
    expect(map).toHaveTextContent('The map cannot be shown in this browser.2 sites in London');
  });
});

describe('roundPin', () => {
  it('keeps 7 decimals', () => {
    expect(roundPin({ latitude: 41.878114123456, longitude: -87.629798765432 })).toEqual({ latitude: 41.8781141, longitude: -87.6297988 });
  });

  it('wraps a longitude from a neighbouring world copy back into −180…180', () => {
    expect(roundPin({ latitude: 21.3, longitude: -202.2 })).toEqual({ latitude: 21.3, longitude: 157.8 });
    expect(roundPin({ latitude: 51.5, longitude: 359.9 })).toEqual({ latitude: 51.5, longitude: -0.1 });
  });
});
