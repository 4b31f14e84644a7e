import type { Side } from '@hep/shared/domain/dosage';

/*
 * The starter library (docs/product/library-and-templates.md#starter-library): neurological rehabilitation exercises
 * written by us, in plain words, with tags and a usual dose, kept as data in starter-library.json. Loaded after the
 * migrations at every start (starter-library.service.ts): raise `version` whenever an item changes, so that every
 * database rewrites its copy; a `key` never changes or gets reused. No media.
 */
export interface StarterItem {
  key: string;
  name: string;
  instructions: string;
  tags: string[];
  sets?: number;
  reps?: number;
  hold_seconds?: number;
  rest_seconds?: number;
  times_per_day?: number;
  side?: Side;
}

export interface StarterLibrary {
  version: number;
  items: StarterItem[];
}

const BENCH = 'Stand near a kitchen bench you can hold.';

export const STARTER_LIBRARY: StarterLibrary = {
  version: 1,
  items: [
    // Balance
    {
      key: 'balance-feet-together',
      name: 'Standing with feet together',
      instructions: `${BENCH} Put your feet side by side so they touch. Stand tall and look straight ahead. Let go of the bench only if you feel steady.`,
      tags: ['balance', 'standing'],
      reps: 3,
      hold_seconds: 30,
      times_per_day: 2,
    },
    {
      key: 'balance-half-step-stance',
      name: 'Half step stance',
      instructions: `${BENCH} Put one foot half a step in front of the other. The heel of the front foot sits beside the big toe of the back foot. Stand tall and hold still. Swap feet each time.`,
      tags: ['balance', 'standing'],
      reps: 3,
      hold_seconds: 30,
      side: 'both',
    },
    {
      key: 'balance-heel-to-toe-stance',
      name: 'Heel to toe stance',
      instructions: `${BENCH} Put one foot straight in front of the other, heel touching toe, like standing on a line. Stand tall and look ahead. Hold the bench again as soon as you wobble. Swap feet each time.`,
      tags: ['balance', 'standing'],
      reps: 3,
      hold_seconds: 20,
      side: 'both',
    },
    {
      key: 'balance-one-leg-stance',
      name: 'Standing on one leg',
      instructions: `${BENCH} Lift one foot a little off the floor and balance on the other leg. Keep your hips level and stand tall. Put the foot down before you lose your balance. Then do the other leg.`,
      tags: ['balance', 'standing', 'strength'],
      reps: 5,
      hold_seconds: 10,
      side: 'both',
    },
    {
      key: 'balance-weight-shifts',
      name: 'Side to side weight shifts',
      instructions: `${BENCH} Stand with your feet apart, in line with your hips. Slowly move your weight onto one leg, then the other. Keep both feet flat on the floor. Move only as far as you feel safe.`,
      tags: ['balance', 'standing', 'stroke'],
      sets: 2,
      reps: 10,
      times_per_day: 2,
    },
    {
      key: 'balance-reach-standing',
      name: 'Reaching while standing',
      instructions: `${BENCH} Hold the bench with one hand. Reach the other hand forward, then to the side, as far as you can without moving your feet. Come back to stand tall each time. Swap hands.`,
      tags: ['balance', 'standing', 'reaching'],
      sets: 2,
      reps: 8,
      side: 'both',
    },
    {
      key: 'balance-step-taps',
      name: 'Step taps',
      instructions: `${BENCH} Put a low step or a thick book in front of you. Tap one foot on top of it, then put it back on the floor. Swap feet each time. Go slowly and look at the step.`,
      tags: ['balance', 'gait', 'standing'],
      sets: 2,
      reps: 10,
      rest_seconds: 60,
    },

    // Sit to stand
    {
      key: 'sit-to-stand',
      name: 'Sit to stand',
      instructions:
        'Sit near the front of a firm chair with your feet flat and a little apart. Lean forward, nose over toes, and push up through your legs to stand. Stand tall, then sit back down slowly. Try not to use your hands.',
      tags: ['sit to stand', 'strength', 'legs'],
      sets: 3,
      reps: 10,
      rest_seconds: 60,
    },
    {
      key: 'sit-to-stand-armrests',
      name: 'Sit to stand using armrests',
      instructions:
        'Sit in a firm chair with armrests and your feet flat on the floor. Lean forward and push on the armrests to help you stand. Stand tall for a moment, then reach back for the armrests and sit down slowly. Use your hands less as you get stronger.',
      tags: ['sit to stand', 'strength', 'legs'],
      sets: 2,
      reps: 8,
      rest_seconds: 60,
    },
    {
      key: 'sit-to-stand-slow-sit',
      name: 'Slow sit down',
      instructions:
        'Stand in front of a firm chair, with the chair just behind your legs. Lean forward a little and bend your knees to sit down. Take a slow count of five to reach the seat. Stand up again any way you can.',
      tags: ['sit to stand', 'strength', 'legs'],
      sets: 2,
      reps: 8,
      rest_seconds: 60,
    },
    {
      key: 'sit-to-stand-weaker-foot-back',
      name: 'Sit to stand with the weaker foot back',
      instructions:
        'Sit near the front of a firm chair. Slide your weaker foot back a little, behind your stronger foot. Lean forward and stand up, pushing through both legs. This makes the weaker leg do more of the work.',
      tags: ['sit to stand', 'stroke', 'strength', 'legs'],
      sets: 3,
      reps: 8,
      rest_seconds: 60,
    },

    // Gait
    {
      key: 'gait-marching-on-the-spot',
      name: 'Marching on the spot',
      instructions: `${BENCH} Lift one knee up, then put the foot down and lift the other knee. Stand tall and swing your arms if you can. Keep a steady beat, like a slow march.`,
      tags: ['gait', 'balance', 'standing'],
      sets: 2,
      reps: 20,
      rest_seconds: 60,
    },
    {
      key: 'gait-heel-raises',
      name: 'Heel raises',
      instructions: `${BENCH} Stand with your feet apart and rise up onto your toes. Hold for a moment at the top. Lower your heels slowly to the floor. Keep your knees straight but not locked.`,
      tags: ['gait', 'strength', 'standing', 'legs'],
      sets: 3,
      reps: 10,
      hold_seconds: 2,
    },
    {
      key: 'gait-side-steps',
      name: 'Side steps along a bench',
      instructions: `${BENCH} Face the bench and hold it with both hands. Take a step to the side, then bring the other foot to meet it. Take five steps one way, then five steps back. Keep your toes pointing forward.`,
      tags: ['gait', 'balance', 'standing', 'legs'],
      sets: 3,
      reps: 5,
      side: 'both',
    },
    {
      key: 'gait-long-steps',
      name: 'Walking with long steps',
      instructions:
        'Walk in a clear hallway with nothing on the floor. Take long steps and land on your heel. Swing your arms and stand tall. Use your walking aid if you have one.',
      tags: ['gait', 'walking', "parkinson's", 'large movement'],
      reps: 4,
      times_per_day: 2,
    },
    {
      key: 'gait-walk-and-turn',
      name: 'Walking and turning',
      instructions:
        'Walk in a clear hallway with nothing on the floor. At the end, turn around with small steps in a wide half circle. Do not pivot on one foot. Walk back and turn again.',
      tags: ['gait', 'walking', 'balance', "parkinson's"],
      reps: 4,
    },
    {
      key: 'gait-head-turns-walking',
      name: 'Walking while turning your head',
      instructions:
        'Walk along a hallway with a wall or bench close by. Turn your head to look left, then right, as you walk. Keep walking in a straight line. Stop and hold the wall if you feel dizzy.',
      tags: ['gait', 'walking', 'vestibular', 'balance'],
      reps: 3,
      times_per_day: 2,
    },

    // Upper limb after stroke
    {
      key: 'arm-table-slides',
      name: 'Arm slides on a table',
      instructions:
        'Sit at a table with a towel under your weaker hand. Slide your hand forward as far as you can, then bring it back. Let your body lean forward a little. Use your other hand to help if you need to.',
      tags: ['upper limb', 'stroke', 'seated', 'reaching'],
      sets: 2,
      reps: 10,
      times_per_day: 2,
    },
    {
      key: 'arm-shoulder-blade-squeeze',
      name: 'Shoulder blade squeeze',
      instructions:
        'Sit tall in a chair with your arms resting on your lap. Gently squeeze your shoulder blades back and together. Keep your shoulders down, away from your ears. Relax and repeat.',
      tags: ['upper limb', 'stroke', 'seated', 'posture'],
      sets: 2,
      reps: 10,
      hold_seconds: 5,
    },
    {
      key: 'arm-elbow-bend-straighten',
      name: 'Elbow bend and straighten',
      instructions:
        'Sit with your weaker arm resting on a table or pillow. Bend your elbow to bring your hand toward your shoulder. Then straighten your arm all the way. Move slowly and smoothly.',
      tags: ['upper limb', 'stroke', 'seated'],
      sets: 2,
      reps: 10,
    },
    {
      key: 'arm-wrist-lifts',
      name: 'Wrist lifts on a table',
      instructions:
        'Rest your forearm on a table with your hand over the edge, palm down. Lift your hand up as far as you can, then lower it slowly. Keep your forearm still on the table. Turn your palm up and do it again.',
      tags: ['upper limb', 'stroke', 'hand', 'seated'],
      sets: 2,
      reps: 10,
    },
    {
      key: 'arm-reach-and-touch',
      name: 'Reach and touch',
      instructions:
        'Sit at a table and put a few sticky notes in front of you, near and far. Reach out with your weaker hand and touch each note. Bring your hand back to your lap between each one. Move the notes further away as it gets easier.',
      tags: ['upper limb', 'stroke', 'seated', 'reaching'],
      sets: 2,
      reps: 10,
    },
    {
      key: 'arm-weight-bearing',
      name: 'Leaning on your arm',
      instructions:
        'Sit on the edge of your bed with your weaker hand flat on the bed beside you. Keep your elbow straight and your fingers spread. Lean your body gently onto that arm, then come back to the middle. Stop if your shoulder hurts.',
      tags: ['upper limb', 'stroke', 'seated'],
      reps: 10,
      hold_seconds: 5,
    },
    {
      key: 'arm-stick-lifts',
      name: 'Arm lifts with a stick',
      instructions:
        'Sit or lie on your back and hold a broom handle or stick with both hands. Lift the stick up over your head as far as is comfortable. Let your stronger arm help the weaker one. Lower it slowly.',
      tags: ['upper limb', 'stroke', 'seated', 'stretch'],
      sets: 2,
      reps: 10,
    },

    // Hand dexterity
    {
      key: 'hand-finger-thumb-touches',
      name: 'Finger to thumb touches',
      instructions:
        'Rest your hand on a table. Touch the tip of your thumb to the tip of each finger, one at a time. Then go back from the little finger to the first finger. Make a clear round "O" each time.',
      tags: ['hand', 'dexterity', 'fine motor', 'seated'],
      sets: 3,
      reps: 5,
    },
    {
      key: 'hand-coin-pick-up',
      name: 'Picking up coins',
      instructions:
        'Put ten coins on a table in front of you. Pick them up one at a time and put them in a cup. Then tip them out and do it again. Use just your thumb and one finger.',
      tags: ['hand', 'dexterity', 'fine motor', 'seated'],
      sets: 2,
      reps: 10,
    },
    {
      key: 'hand-soft-ball-squeeze',
      name: 'Squeezing a soft ball',
      instructions:
        'Hold a soft ball or rolled sock in your hand. Squeeze it as hard as you comfortably can. Hold, then let go slowly and open your fingers wide.',
      tags: ['hand', 'strength', 'grip', 'seated'],
      sets: 2,
      reps: 10,
      hold_seconds: 3,
    },
    {
      key: 'hand-finger-spreads',
      name: 'Finger spreads',
      instructions:
        'Rest your hand flat on a table. Spread your fingers as wide apart as you can. Hold, then bring them back together. Keep your palm flat on the table.',
      tags: ['hand', 'dexterity', 'stroke', 'seated'],
      sets: 2,
      reps: 10,
      hold_seconds: 3,
    },
    {
      key: 'hand-turn-cards',
      name: 'Turning cards over',
      instructions:
        'Lay ten playing cards face down on a table. Turn each one over using only your weaker hand. Then turn them all back. Try to do it a little faster each day.',
      tags: ['hand', 'dexterity', 'fine motor', 'stroke', 'seated'],
      reps: 2,
      times_per_day: 2,
    },

    // Parkinson's large-amplitude movement
    {
      key: 'big-arm-swings',
      name: 'Big arm swings',
      instructions: `${BENCH} Swing both arms forward and up over your head as big as you can. Then swing them down and back behind you. Think big with every swing. Stand tall the whole time.`,
      tags: ["parkinson's", 'large movement', 'standing', 'upper limb'],
      sets: 2,
      reps: 10,
    },
    {
      key: 'big-step-and-reach-forward',
      name: 'Big step and reach forward',
      instructions: `${BENCH} Take one big step forward and reach both arms forward as far as you can. Hold for a moment. Push back to standing with your feet together. Swap legs each time.`,
      tags: ["parkinson's", 'large movement', 'balance', 'standing'],
      sets: 2,
      reps: 8,
      hold_seconds: 2,
      side: 'both',
    },
    {
      key: 'big-step-and-reach-sideways',
      name: 'Big step and reach to the side',
      instructions: `${BENCH} Take one big step to the side and reach your arm out the same way, as far as you can. Look at your hand. Push back to the middle. Swap sides each time.`,
      tags: ["parkinson's", 'large movement', 'balance', 'standing'],
      sets: 2,
      reps: 8,
      side: 'both',
    },
    {
      key: 'big-seated-twists',
      name: 'Big seated twists',
      instructions:
        'Sit tall near the front of a chair with your feet flat. Open your arms wide and turn your upper body to one side as far as you can. Look behind you. Come back to the middle and turn the other way.',
      tags: ["parkinson's", 'large movement', 'seated', 'fatigue friendly'],
      sets: 2,
      reps: 8,
      side: 'both',
    },

    // Vestibular
    {
      key: 'vestibular-head-turns-target',
      name: 'Head turns while looking at a target',
      instructions:
        'Sit in a chair and hold a card with a letter on it at arm’s length. Keep your eyes on the letter and turn your head from side to side. Keep the letter clear, not blurry. Some dizziness is normal, but stop if it is strong.',
      tags: ['vestibular', 'dizziness', 'seated'],
      reps: 3,
      hold_seconds: 30,
      times_per_day: 3,
    },
    {
      key: 'vestibular-head-nods-target',
      name: 'Head nods while looking at a target',
      instructions:
        'Sit in a chair and hold a card with a letter on it at arm’s length. Keep your eyes on the letter and nod your head up and down. Keep the letter clear. Rest until any dizziness settles before the next go.',
      tags: ['vestibular', 'dizziness', 'seated'],
      reps: 3,
      hold_seconds: 30,
      times_per_day: 3,
    },
    {
      key: 'vestibular-eye-jumps',
      name: 'Eyes jumping between two targets',
      instructions:
        'Sit in a chair and put two letters on a wall in front of you, an arm’s length apart. Keep your head still. Move only your eyes from one letter to the other. Make each letter clear before you move on.',
      tags: ['vestibular', 'dizziness', 'eyes', 'seated'],
      reps: 3,
      hold_seconds: 30,
      times_per_day: 2,
    },

    // Fatigue-friendly seated options
    {
      key: 'seated-marching',
      name: 'Seated marching',
      instructions:
        'Sit tall in a firm chair with your feet flat. Lift one knee up, then put it down and lift the other. Keep a steady pace. Rest whenever you need to.',
      tags: ['seated', 'fatigue friendly', 'legs'],
      sets: 2,
      reps: 20,
      rest_seconds: 60,
    },
    {
      key: 'seated-knee-straighten',
      name: 'Seated knee straightening',
      instructions:
        'Sit in a firm chair with your back against it. Straighten one knee to lift your foot off the floor. Hold, then lower it slowly. Swap legs.',
      tags: ['seated', 'fatigue friendly', 'strength', 'legs'],
      sets: 2,
      reps: 10,
      hold_seconds: 3,
      side: 'both',
    },
    {
      key: 'seated-ankle-pumps',
      name: 'Ankle pumps',
      instructions:
        'Sit in a chair with your feet on the floor or lie on your bed. Point your toes down, then pull them up toward you. Move both ankles as far as they go. This keeps the blood moving in your legs.',
      tags: ['seated', 'fatigue friendly', 'legs', 'circulation'],
      reps: 20,
      times_per_day: 3,
    },
    {
      key: 'seated-side-bends',
      name: 'Seated side bends',
      instructions:
        'Sit tall in a chair without armrests, feet flat on the floor. Let one hand slide down toward the floor as you bend to that side. Come back up tall. Swap sides.',
      tags: ['seated', 'fatigue friendly', 'stretch', 'balance'],
      reps: 8,
      side: 'both',
    },
    {
      key: 'seated-slow-breathing',
      name: 'Slow breathing',
      instructions:
        'Sit back in a comfortable chair with one hand on your belly. Breathe in slowly through your nose and feel your belly rise. Breathe out slowly through pursed lips, as if blowing out a candle. Use this to rest between other exercises.',
      tags: ['seated', 'fatigue friendly', 'breathing', 'relaxation'],
      reps: 5,
      times_per_day: 3,
    },

    // Oral-motor (speech pathology)
    {
      key: 'oral-smile-and-pucker',
      name: 'Smile and pucker',
      instructions:
        'Sit in front of a mirror. Smile as wide as you can and hold it. Then push your lips forward into a kiss and hold it. Move between the two slowly.',
      tags: ['oral motor', 'speech', 'lips', 'face'],
      sets: 2,
      reps: 10,
      hold_seconds: 3,
    },
    {
      key: 'oral-tongue-side-to-side',
      name: 'Tongue side to side',
      instructions:
        'Sit in front of a mirror and open your mouth a little. Touch the tip of your tongue to one corner of your mouth. Then move it to the other corner. Keep your jaw still.',
      tags: ['oral motor', 'speech', 'tongue'],
      sets: 2,
      reps: 10,
    },
    {
      key: 'oral-tongue-press-up',
      name: 'Tongue press up',
      instructions:
        'Press your whole tongue up against the roof of your mouth. Push as hard as you can and hold. Relax, then do it again. This helps with chewing and swallowing.',
      tags: ['oral motor', 'speech', 'tongue', 'swallowing'],
      sets: 2,
      reps: 10,
      hold_seconds: 3,
    },
    {
      key: 'oral-cheek-puff',
      name: 'Cheek puffs',
      instructions:
        'Close your lips tight and fill your cheeks with air. Hold the air in without letting any escape. Then let it out slowly. Try moving the air from one cheek to the other.',
      tags: ['oral motor', 'speech', 'lips', 'face'],
      sets: 2,
      reps: 10,
      hold_seconds: 5,
    },
    {
      key: 'oral-long-loud-ah',
      name: 'Long loud "ah"',
      instructions:
        'Sit tall and take a deep breath. Say "ah" in a strong, loud voice and hold it as long as you can. Keep the sound steady, not strained. Rest and breathe between each one.',
      tags: ['speech', 'voice', "parkinson's", 'breathing'],
      reps: 10,
      times_per_day: 2,
    },
    {
      key: 'oral-jaw-open-close',
      name: 'Jaw open and close',
      instructions:
        'Sit tall and look ahead. Open your mouth wide, as if to yawn, and hold it. Close it slowly with your teeth gently together. Stop if your jaw clicks or hurts.',
      tags: ['oral motor', 'speech', 'jaw'],
      sets: 2,
      reps: 10,
      hold_seconds: 3,
    },
  ],
};
