/** Ends the current task, so that the browser may paint and answer input before the work goes on. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
