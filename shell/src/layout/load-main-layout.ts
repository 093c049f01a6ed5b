/** The signed-in frame's chunk: loaded by its route and, earlier, by the start of a signed-in first screen. */
export const loadMainLayout = () => import('./main-layout');
