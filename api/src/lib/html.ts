/** Text made safe inside HTML, in element content and in quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
