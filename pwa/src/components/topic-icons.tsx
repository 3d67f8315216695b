import type { ReactNode } from 'react';
import { StrokeIcon } from './stroke-icon';

/** Drawn icons for help and contact topics (emoji render as empty boxes where no emoji font is installed). */
function TopicIcon({ children }: { children: ReactNode }) {
  return (
    <StrokeIcon
      size={28}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="text-indigo-300"
    >
      {children}
    </StrokeIcon>
  );
}

export const RocketIcon = () => (
  <TopicIcon>
    <path d="M12 15l-3-3c1.5-5 5.5-9 12-9 0 6.5-4 10.5-9 12z" />
    <path d="M9 12H5l2.5-3.5H12M12 15v4l3.5-2.5V12" />
    <path d="M6.5 16.5C5 17 4 19 4 20c1 0 3-1 3.5-2.5" />
    <circle cx="15.5" cy="8.5" r="1.5" />
  </TopicIcon>
);

export const CardIcon = () => (
  <TopicIcon>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6 15h4" />
  </TopicIcon>
);

export const WrenchIcon = () => (
  <TopicIcon>
    <path d="M14.5 3.5a4.5 4.5 0 0 0-4.2 6.1l-6.6 6.6a2 2 0 0 0 2.8 2.8l6.6-6.6a4.5 4.5 0 0 0 6.1-4.2l-2.7 2.7-2.6-.6-.6-2.6z" />
  </TopicIcon>
);

export const BulbIcon = () => (
  <TopicIcon>
    <path d="M9 18h6M10 21h4" />
    <path d="M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z" />
  </TopicIcon>
);

export const BuildingIcon = () => (
  <TopicIcon>
    <path d="M4 21V4.5A1.5 1.5 0 0 1 5.5 3h8A1.5 1.5 0 0 1 15 4.5V21M15 9h3.5a1.5 1.5 0 0 1 1.5 1.5V21M2.5 21h19" />
    <path d="M8 7h3M8 11h3M8 15h3" />
  </TopicIcon>
);
