// SPEC §2: Home shows the avatars list.
export { default } from './avatars';
