import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { TSite } from '@riskatlas/domain';
import { fitProjection, nearestPoint, pointColor, projectSites, type Projection } from './points-projection';

/**
 * A plain points map (until a full map view is built): every site a dot on a
 * Web Mercator canvas fitted to the sites, coloured by its score band under the page's
 * methodology, grey without a score; selected sites ringed. A click on a dot opens the site. One
 * canvas, dots batched by colour, so 100,000 sites draw in a few tens of milliseconds.
 */
export function PointsMap({ sites, selected, methodology, onOpen, height }: { sites: readonly TSite[]; selected: ReadonlySet<number>; methodology: number; onOpen: (site: TSite) => void; height: number }) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const projection = useRef<Projection | null>(null);
  const projected = useMemo(() => projectSites(sites), [sites]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  useEffect(() => {
    const element = canvas.current;
    // jsdom has no canvas: nothing to draw, the panel still says what it shows.
    const context = element?.getContext('2d');
    if (!element || !context || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.fillStyle = theme.palette.mode === 'dark' ? '#1d2430' : '#eef2f6';
    context.fillRect(0, 0, width, height);
    const fitted = fitProjection(projected, width, height, 24);
    projection.current = fitted;
    if (!fitted) return;

    context.strokeStyle = theme.palette.divider;
    context.lineWidth = 1;
    for (const line of fitted.graticule) {
      context.beginPath();
      context.moveTo(line[0], line[1]);
      context.lineTo(line[2], line[3]);
      context.stroke();
    }

    // Many dots: small squares (cheap to fill). Few: round dots with a light ring, easy to hit.
    const round = projected.count <= 2_000;
    const size = projected.count > 20_000 ? 2 : round ? 5 : 3;
    const buckets = new Map<string, number[]>();
    for (let i = 0; i < projected.count; i += 1) {
      const color = pointColor(projected.sites[i]!, methodology);
      let bucket = buckets.get(color);
      if (!bucket) buckets.set(color, (bucket = []));
      bucket.push(i);
    }
    context.strokeStyle = '#ffffff';
    context.lineWidth = 1.5;
    for (const [color, indexes] of buckets) {
      context.fillStyle = color;
      context.beginPath();
      for (const i of indexes) {
        const x = fitted.x(projected.xs[i]!);
        const y = fitted.y(projected.ys[i]!);
        if (round) {
          context.moveTo(x + size, y);
          context.arc(x, y, size, 0, Math.PI * 2);
        } else context.rect(x - size / 2, y - size / 2, size, size);
      }
      context.fill();
      if (round) context.stroke();
    }
    if (selected.size > 0) {
      context.strokeStyle = theme.palette.text.primary;
      context.lineWidth = 2;
      context.beginPath();
      for (let i = 0; i < projected.count; i += 1) {
        if (!selected.has(projected.sites[i]!.siteId)) continue;
        const x = fitted.x(projected.xs[i]!);
        const y = fitted.y(projected.ys[i]!);
        context.moveTo(x + size + 4, y);
        context.arc(x, y, size + 4, 0, Math.PI * 2);
      }
      context.stroke();
    }
  }, [projected, selected, methodology, width, height, theme]);

  const siteAt = (event: MouseEvent<HTMLCanvasElement>): TSite | undefined => {
    const fitted = projection.current;
    if (!fitted) return undefined;
    const rect = event.currentTarget.getBoundingClientRect();
    const index = nearestPoint(projected, fitted, event.clientX - rect.left, event.clientY - rect.top, 8);
    return index === -1 ? undefined : projected.sites[index];
  };

  return (
    <Box ref={box} sx={{ width: '100%', height, position: 'relative' }}>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={projected.count === 1 ? 'Map of 1 site' : `Map of ${projected.count.toLocaleString()} sites`}
        data-testid="points-map"
        onClick={(event: MouseEvent<HTMLCanvasElement>) => {
          const site = siteAt(event);
          if (site) onOpen(site);
        }}
        onMouseMove={(event: MouseEvent<HTMLCanvasElement>) => {
          const site = siteAt(event);
          event.currentTarget.style.cursor = site ? 'pointer' : 'default';
          event.currentTarget.title = site ? site.siteName : '';
        }}
        sx={{ display: 'block', width: '100%', height }}
      />
    </Box>
  );
}
