import { keyframes } from '@mui/material/styles';

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(22, 163, 74, 0.55); }
  70% { box-shadow: 0 0 0 10px rgba(22, 163, 74, 0); }
  100% { box-shadow: 0 0 0 0 rgba(22, 163, 74, 0); }
`;

/** The connected call's pulsing dot (still for visitors who prefer less motion). */
export const pulseSx = {
  '@media (prefers-reduced-motion: no-preference)': {
    animation: `${pulse} 1.6s ease-out infinite`,
  },
} as const;
