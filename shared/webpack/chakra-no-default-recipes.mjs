// Stands in for Chakra's list of every recipe (theme/recipes.js, theme/slot-recipes.js) in production builds:
// src/ui/theme.ts imports only the recipes Kagami uses, but Chakra's theme index builds its default config
// from the whole list in a call webpack cannot prove pure, so without this every recipe would ship.
export const recipes = {};
export const slotRecipes = {};
