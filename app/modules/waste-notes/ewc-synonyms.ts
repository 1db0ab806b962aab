/**
 * Everyday words for the List of Wastes (decision 0710): what a carrier or a householder calls a
 * waste ("garden", "plasterboard", "tyres") pointing at the codes that usually fit it, the most
 * likely first. The EWC picker ranks these codes first when a search word matches one of the
 * terms (ewc-search.ts); a test checks that every code is in the catalogue.
 *
 * Each entry: its terms (comma-separated; a term may have several words), then its codes (six
 * digits, space-separated, most likely first). Plurals need not be listed ("tyre" finds "tyres"):
 * only irregular ones ("leaves"). Browser-safe: shipped with the picker, so kept short.
 */
export const EWC_SYNONYMS: ReadonlyArray<readonly [terms: string, codes: string]> = [
  [
    "garden, green waste, green, grass, grass cuttings, hedge, hedge cuttings, leaf, leaves, branches, tree, trees, shrubs, prunings, weeds, compostable, turf, logs",
    "200201 200202 200203",
  ],
  ["plasterboard, gypsum, plaster, drywall, gyproc", "170802 170801"],
  [
    "rubble, hardcore, bricks, brick, concrete, blocks, breeze blocks, masonry, builders rubble, inert",
    "170107 170101 170102 170904 191209",
  ],
  ["tiles, ceramics, ceramic, toilet, sink, basin, porcelain", "170103 170107"],
  [
    "soil, earth, topsoil, subsoil, dirt, stones, stone, clay, mud, sand, gravel, excavation, spoil, muck",
    "170504 200202 170503 191209",
  ],
  ["contaminated soil", "170503"],
  ["mattress, mattresses, bed, beds, divan", "200307"],
  [
    "furniture, bulky waste, bulky, sofa, settee, armchair, chair, chairs, table, wardrobe, cabinet, household clearance, house clearance",
    "200307 200138 200399",
  ],
  ["carpet, carpets, underlay, rug, rugs, flooring", "200307 200111 191208"],
  [
    "fridge, fridges, freezer, fridge freezer, refrigerator, chiller, air conditioning, air conditioner, dehumidifier",
    "200123 160211",
  ],
  ["tyres, tyre, tires, tire, car tyres", "160103"],
  [
    "wood, timber, pallets, pallet, offcuts, joinery, fencing, fence, panels, doors, decking, chipboard, mdf, sawdust",
    "170201 200138 150103 191207 170204 200137",
  ],
  ["treated wood, painted wood, railway sleepers, sleepers", "200137 170204 191206"],
  [
    "metal, metals, scrap, scrap metal, steel, iron, aluminium, copper, brass, lead, zinc, tin, radiators, pipes, cans, ferrous, non-ferrous",
    "170407 170405 200140 170401 170402 170403 191202 191203 150104 160117 160118",
  ],
  ["cable, cables, wire, wiring, electric cable", "170411 170410"],
  [
    "electricals, electrical, electronics, weee, appliances, white goods, washing machine, dishwasher, cooker, oven, microwave, kettle, toaster, vacuum, tools",
    "200136 200135 160214 160213",
  ],
  [
    "tv, television, televisions, computer, computers, laptop, pc, monitor, screen, screens, printer, phone, phones, mobile phone, it equipment",
    "200135 200136 160213 160214",
  ],
  [
    "batteries, battery, car battery, car batteries, lead acid, lithium, alkaline, accumulators",
    "200134 200133 160601 160604 160605",
  ],
  ["paint, paints, paint tins, varnish, emulsion, gloss", "200128 200127 080112 080111 150110"],
  [
    "asbestos, asbestos sheets, asbestos cement, artex, lagging, corrugated asbestos",
    "170605 170601 150111 160212",
  ],
  ["glass, bottles, jars, windows, window glass, glazing", "200102 150107 170202 191205 160120"],
  [
    "cardboard, card, paper, boxes, newspaper, newspapers, magazines, office paper, documents, confidential waste",
    "200101 150101 191201",
  ],
  [
    "plastic, plastics, plastic bottles, polythene, polystyrene, wrap, shrink wrap, upvc, pvc, guttering",
    "200139 150102 170203 191204 160119",
  ],
  ["packaging, mixed packaging, dry mixed recycling, recycling, dmr", "150106 150101 150102 150105"],
  ["food, food waste, kitchen waste, canteen waste, catering, leftovers, organic", "200108 020203 200201"],
  ["cooking oil, fat, fats, grease, chip fat, used cooking oil, uco", "200125"],
  [
    "oil, oils, engine oil, motor oil, waste oil, lubricating oil, gear oil, hydraulic oil",
    "130208 130205 130206 130113 200126",
  ],
  ["oil filters, oil filter", "160107"],
  [
    "general waste, general, mixed waste, mixed, rubbish, refuse, black bag, black bags, household waste, household, domestic, trade waste, commercial waste, residual",
    "200301 150106 200399 191212",
  ],
  [
    "builders waste, building waste, construction waste, demolition, construction and demolition, skip waste, renovation, strip out, refurbishment",
    "170904 170107 170903",
  ],
  [
    "insulation, loft insulation, rockwool, glass wool, mineral wool, fibreglass, kingspan, foam insulation",
    "170604 170603 170601",
  ],
  ["tarmac, asphalt, bitumen, road planings, planings", "170302 170301 170303"],
  ["roofing felt, felt, roofing", "170302 170303 170904"],
  ["clothes, clothing, textiles, fabric, shoes, curtains", "200110 200111 191208"],
  ["fluorescent tubes, fluorescent, light bulbs, bulbs, lamps, strip lights", "200121"],
  ["gas bottles, gas cylinders, gas canisters, aerosols, fire extinguishers", "160505 160504 160116 150111"],
  [
    "chemicals, solvents, thinners, white spirit, acids, cleaning products",
    "200113 200114 200115 200129 200130",
  ],
  ["toner, toner cartridges, ink cartridges, printer cartridges", "080318 080317"],
  ["medicines, pharmaceuticals, tablets", "200132 200131"],
  ["septic tank, cesspit, sewage sludge", "200304 200306"],
  ["street sweepings, sweepings, road sweepings", "200303"],
  ["soot, chimney", "200141"],
  ["pesticides, weedkiller, herbicides", "200119"],
  ["end-of-life vehicles, scrap car, scrap cars, car, cars, vehicle", "160104 160106"],
  ["market waste", "200302"],
];
