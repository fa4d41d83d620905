import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STANDARD_CRIME_TYPES, type IncidentSource, type TIncidentCrimeType } from '@riskatlas/domain';
import { IncidentFilters, defaultIncidentFilter, type IncidentFilterValue } from '../index';

const TYPES: TIncidentCrimeType[] = STANDARD_CRIME_TYPES.map((type, order) => ({ ...type, order, enabled: true }));

/** The filters as a page holds them, reporting every change. */
function Host({ source, onChange }: { source: IncidentSource; onChange: (value: IncidentFilterValue) => void }) {
  const [value, setValue] = useState(defaultIncidentFilter(source));
  return (
    <IncidentFilters
      source={source}
      value={value}
      crimeTypes={TYPES}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('IncidentFilters', () => {
  it('starts at the source defaults: 0 to 0.5 miles for the second source, the whole day, rolling 30 days', () => {
    render(<Host source="second" onChange={vi.fn()} />);
    const filters = screen.getByRole('region', { name: 'Incident filters' });
    expect(filters).toHaveTextContent('Distance: 0 mi to 0.5 mi');
    expect(filters).toHaveTextContent('Time of day: 00:00 to 24:00');
    expect(screen.getByRole('button', { name: 'Rolling 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('slider', { name: 'Maximum distance' })).toHaveAttribute('aria-valuemax', '3');
  });

  it('moves the distance in quarter miles up to the source maximum (6 miles for the first source)', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host source="first" onChange={onChange} />);
    const max = screen.getByRole('slider', { name: 'Maximum distance' });
    expect(max).toHaveAttribute('aria-valuemax', '6');
    expect(screen.getByRole('region', { name: 'Incident filters' })).toHaveTextContent('Distance: 0 mi to 3 mi');
    max.focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ distance: [0, 3.25] }));
  });

  it('keeps the second source handles at least a quarter mile apart', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host source="second" onChange={onChange} />);
    const max = screen.getByRole('slider', { name: 'Maximum distance' });
    max.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ distance: [0, 0.25] }));
  });

  it('narrows the time of day in quarter hours and picks a date shortcut', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host source="second" onChange={onChange} />);
    screen.getByRole('slider', { name: 'From time' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ hours: [0.25, 24] }));
    expect(screen.getByRole('region', { name: 'Incident filters' })).toHaveTextContent('Time of day: 00:15 to 24:00');
    await user.click(screen.getByRole('button', { name: 'All data' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ dateRange: 'all' }));
    await user.click(screen.getByRole('button', { name: 'Latest year' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ dateRange: 'latestYear' }));
  });

  it('chooses crime types; every type checked again means no type filter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host source="second" onChange={onChange} />);
    const types = screen.getByRole('group', { name: 'Crime types' });
    expect(within(types).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual(new Array(10).fill(true));
    await user.click(within(types).getByRole('checkbox', { name: 'Robbery' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ crimeTypeIds: [0, 1, 2, 3, 4, 5, 7, 8, 10] }));
    await user.click(within(types).getByRole('checkbox', { name: 'Robbery' }));
    expect(onChange.mock.lastCall![0].crimeTypeIds).toBeUndefined();
  });
});
