import { Button as ChakraButton, type ButtonProps as ChakraButtonProps } from '@chakra-ui/react/button';
import type { ReactNode } from 'react';
import { UI } from './constants';

export type ButtonSize = 'sm' | 'md' | 'lg';
export type ButtonColor = 'primary' | 'secondary' | 'white';

export type ButtonProps = Omit<ChakraButtonProps, 'size' | 'colorPalette' | 'variant' | 'color'> & {
  size?: ButtonSize;
  color?: ButtonColor;
  /** A destructive action: the primary look in danger red. */
  danger?: boolean;
  icon?: ReactNode;
};

const looks: Record<ButtonColor, ChakraButtonProps> = {
  primary: { colorPalette: 'brand', variant: 'solid' },
  secondary: { bg: 'secondary', color: 'brand.800', _hover: { bg: 'brand.100' }, variant: 'solid' },
  white: { bg: 'white', color: 'brand.700', borderWidth: '1px', borderColor: 'brand.200', _hover: { bg: 'gray.50' }, variant: 'outline' },
};

/** Sizes sm/md/lg x colours primary/secondary/white; icons 20 px (sm, md) or 24 px (lg). */
export function Button({ size = 'md', color = 'primary', danger, icon, children, ...rest }: ButtonProps) {
  const iconPx = UI.buttonIconPx[size];
  return (
    <ChakraButton size={size} {...looks[color]} {...(danger ? { colorPalette: 'red' } : {})} {...rest}>
      {icon ? (
        <span aria-hidden style={{ display: 'inline-flex', width: iconPx, height: iconPx }}>
          {icon}
        </span>
      ) : null}
      {children}
    </ChakraButton>
  );
}
