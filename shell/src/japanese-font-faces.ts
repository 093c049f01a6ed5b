// Noto Sans JP's faces (a stylesheet of character ranges); loaded by japanese-font.ts when a page needs them.
import '@fontsource-variable/noto-sans-jp/wght.css';
