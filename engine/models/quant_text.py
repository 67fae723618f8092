"""The fixed text Hearth reads to compare quantizations of one model (engine/models/quant_compare.py).

Written for Hearth (no outside source), in several registers: narrative, instructions, a little
code, numbers and dialogue, so that the comparison covers more than one kind of next token.
Changing it changes every stored KL figure: raise TEXT_ID with it. It is long enough for the
default four chunks of 256 tokens with room to spare (about 1,450 tokens with the starter model's
tokenizer; tokenizers with larger vocabularies need fewer tokens for the same text).
"""

from __future__ import annotations

TEXT_ID = "hearth-kl-2"

TEXT = """\
The lighthouse on the northern point was built in 1871, after three ships were lost on the same reef in a single \
winter. Its first keeper, a former carpenter named Elias Brandt, kept a logbook in which he wrote the weather, the \
ships he saw and the amount of oil the lamp burned each night. On calm evenings he wrote only a line or two. On the \
night of the great storm of 1884 he filled four pages, describing how the waves reached the gallery sixty feet \
above the rocks and how the glass of the lantern room cracked but did not break.

Today the light is automatic, and the keeper's house is a small museum. Visitors climb the one hundred and twelve \
steps of the spiral staircase, read the logbook behind glass, and look out over the water where the reef still lies \
just below the surface at low tide.

How to make a simple loaf of bread. Mix five hundred grams of flour, ten grams of salt and seven grams of dried \
yeast in a large bowl. Add three hundred and fifty millilitres of warm water and stir until no dry flour remains. \
Knead the dough on a floured table for about ten minutes, until it is smooth and springs back when you press it. \
Cover the bowl and leave it somewhere warm for an hour, or until the dough has doubled in size. Shape it into a \
round, place it on a baking tray, and let it rise for another thirty minutes. Bake at two hundred and twenty \
degrees for thirty to thirty-five minutes. The loaf is done when it sounds hollow as you tap its base.

A short program that counts words in a file:

def count_words(path):
    counts = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            for word in line.lower().split():
                counts[word] = counts.get(word, 0) + 1
    return sorted(counts.items(), key=lambda item: item[1], reverse=True)

for word, number in count_words("notes.txt")[:10]:
    print(f"{word}: {number}")

The function reads the file one line at a time, so even a very large file never has to fit in memory at once. \
Each word is turned to lower case first, which means that "The" and "the" are counted together.

"Are you sure this is the right road?" asked Mira, looking at the map again.
"Quite sure," said her brother. "The sign said eleven kilometres to the village, and we have driven about nine."
"Then why are we climbing? The village is by the river."
He slowed the car and looked at the hills ahead. "Perhaps the road goes over the ridge first and then down."
"Perhaps," she said, "or perhaps we missed the turning by the old mill." They drove on in silence for a while, \
until the road bent to the left and the river appeared below them, wide and grey in the evening light.

Water boils at one hundred degrees Celsius at sea level, but at lower temperatures higher up, because the air \
pressure is lower. On a mountain at three thousand metres, water boils at about ninety degrees, so pasta and eggs \
take longer to cook there. Pressure cookers work the other way round: by raising the pressure inside the pot, \
they let water reach about one hundred and twenty degrees, and food cooks much faster.

A table of the planets by their distance from the Sun: Mercury, 0.39 astronomical units; Venus, 0.72; Earth, 1.00; \
Mars, 1.52; Jupiter, 5.20; Saturn, 9.54; Uranus, 19.2; Neptune, 30.1. One astronomical unit is the average \
distance from the Earth to the Sun, about one hundred and fifty million kilometres. Light covers it in a little \
over eight minutes.

Good meeting notes answer three questions: what was decided, who will do what, and by when. A list of everything \
that was said is rarely read again. Write the decisions first, in full sentences, then the tasks with a name and a \
date beside each, and keep the discussion to a few lines at the end for anyone who needs the reasons.

The small garden behind the house had been left alone for years. Brambles covered the wall, and a plum tree \
leaned so far over the path that one had to duck beneath it. In the first spring the new owners cut back the \
brambles and found an old stone bench, a sundial with its pointer missing, and a bed of tulips that still came up \
every April, red and yellow, exactly where someone had planted them long ago.

To change a flat tyre on a bicycle, first open the brake and take the wheel out of the frame. Push the tyre \
levers under the edge of the tyre, a hand's width apart, and lift one side over the rim. Pull out the inner tube \
and pump a little air into it, then listen for the hiss or hold it under water and watch for bubbles. Roughen the \
rubber around the hole with sandpaper, spread a thin layer of glue, wait a minute and press the patch on firmly. \
Before you put the tube back, run your fingers carefully around the inside of the tyre: a thorn left there will \
only make a new hole on the next ride.

Q: How long does the journey take by train?
A: About two hours and forty minutes, with one change at the junction. Trains leave every half hour until eight in \
the evening, and every hour after that. A return ticket costs less if you travel after half past nine.

The old map in the town hall shows the harbour as it was in 1790: a single stone pier, a row of warehouses and a \
ropewalk almost three hundred metres long, where sailors twisted hemp into the heavy ropes that ships needed. The \
ropewalk burned down in 1843, and the warehouses became shops and flats, but the street that runs along its old \
line is still called Rope Street, and children still ask why.

def average(values):
    if not values:
        raise ValueError("no values to average")
    return sum(values) / len(values)

print(round(average([12.5, 14.0, 9.75, 11.25]), 2))

The program prints 11.88. Without the check at the start, an empty list would end in a division by zero, which \
is a less helpful message than the one written here.

Dear Mr Okafor, thank you for your letter of the twelfth. The books you ordered arrived this morning, and we \
shall send them on Monday by registered post. One of the three, the atlas, is a later edition than the one in \
our catalogue; if you would prefer to wait for the earlier edition, please let us know before Friday.
"""
