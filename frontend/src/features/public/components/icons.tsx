import type { ComponentType, SVGProps } from 'react';

/**
 * Feather icons (https://feathericons.com, MIT) as tiny inline SVG components for the public pages.
 * They replace `react-icons/fi` there so its runtime stays off the `/` load path, and render the same
 * markup react-icons does: 24×24 viewBox, currentColor stroke of width 2 with round caps/joins, 1em by default.
 * Icons used only by the contact page live in `contact-icons.ts` so they stay out of the chunk loaded on `/`.
 * Shapes are kept as [tag, attributes] data rather than JSX because that is what keeps this chunk small.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: string | number };

export type IconComponent = ComponentType<IconProps>;

export type Shape = [tag: 'path' | 'polyline' | 'polygon' | 'rect' | 'line' | 'circle', attributes: Record<string, string>];

export function makeIcon(shapes: Shape[]): IconComponent {
  return function FeatherIcon({ size = '1em', ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {shapes.map(([Shape, attributes], i) => (
          <Shape key={i} {...attributes} />
        ))}
      </svg>
    );
  };
}

export const path = (d: string): Shape => ['path', { d }];
export const polyline = (points: string): Shape => ['polyline', { points }];
const line = (x1: string, y1: string, x2: string, y2: string): Shape => ['line', { x1, y1, x2, y2 }];
export const circle = (cx: string, cy: string, r: string): Shape => ['circle', { cx, cy, r }];
const rect = (x: string): Shape => ['rect', { x, y: '4', width: '4', height: '16' }];

export const FiChevronLeft = makeIcon([polyline('15 18 9 12 15 6')]);
export const FiChevronDown = makeIcon([polyline('6 9 12 15 18 9')]);
export const FiChevronRight = makeIcon([polyline('9 18 15 12 9 6')]);
export const FiPause = makeIcon([rect('6'), rect('14')]);
export const FiPlay = makeIcon([['polygon', { points: '5 3 19 12 5 21 5 3' }]]);
export const FiMenu = makeIcon([line('3', '12', '21', '12'), line('3', '6', '21', '6'), line('3', '18', '21', '18')]);
export const FiX = makeIcon([line('18', '6', '6', '18'), line('6', '6', '18', '18')]);
export const FiEdit3 = makeIcon([path('M12 20h9'), path('M16.5 3.5a2.121 2.121 0 0 1 3 3L7 19l-4 1 1-4L16.5 3.5z')]);
export const FiMessageCircle = makeIcon([
  path(
    'M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8v.5z',
  ),
]);
export const FiUsers = makeIcon([
  path('M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2'),
  circle('9', '7', '4'),
  path('M23 21v-2a4 4 0 0 0-3-3.87'),
  path('M16 3.13a4 4 0 0 1 0 7.75'),
]);
