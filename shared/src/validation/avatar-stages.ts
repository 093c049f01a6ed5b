/** The steps of making an avatar, in the order they run (footage chooses a stretch; a photo is animated instead). */
export const AVATAR_STAGES = ['finding_face', 'choosing_stretch', 'animating_photo', 'tracking_mouth', 'cutting_out', 'finishing'] as const;
export type AvatarStage = (typeof AVATAR_STAGES)[number];
