/**
 * Well-known Texas places near our area that are NOT among the 16 cities. Naming them lets the
 * assistant answer "that is not on our list" rather than treat the name as unknown text.
 */
export const placesNotServed = [
  'San Antonio', 'San Marcos', 'New Braunfels', 'Dripping Springs', 'Lakeway', 'Bee Cave', 'Hutto', 'Taylor',
  'Manor', 'Elgin', 'Bastrop', 'Lockhart', 'Wimberley', 'Llano', 'Lampasas', 'Johnson City', 'Houston', 'Dallas',
  'Fort Worth', 'Waco', 'Temple', 'Killeen', 'Salado', 'Jarrell', 'Florence', 'Del Valle', 'Kerrville',
  'Fredericksburg', 'Blanco', 'Smithville', 'Luling', 'San Saba', 'Buchanan Dam', 'Cottonwood Shores', 'Meadowlakes',
  'Lago Vista', 'Jonestown', 'Volente', 'Round Mountain', 'Briarcliff', 'Point Venture', 'West Lake Hills',
  'Westlake', 'Rollingwood', 'Sunset Valley', 'Hays', 'Seguin', 'Belton', 'Harker Heights', 'Copperas Cove',
  // The rest of Central Texas around our area, and places a page merely mentions (Kyle's water comes
  // from Canyon Lake; Canyon Lake is not ours). Names that are also common words or first names are left out.
  'Canyon Lake', 'Enchanted Rock', 'College Station', 'Texas A&M', 'Brenham', 'Giddings', 'La Grange', 'Lexington', 'Rockdale',
  'Thorndale', 'Thrall', 'Coupland', 'Walburg', 'McDade', 'Uhland', 'Martindale', 'Niederwald', 'Nolanville', 'Gatesville',
  'Lometa', 'Goldthwaite', 'Kempner', 'Evant', 'Boerne', 'Bulverde', 'Spring Branch', 'Sattler', 'Gruene', 'Schlitterbahn',
  'Fiesta Texas', 'Fort Cavazos', 'Fort Hood', 'Lake Belton', 'Lake Somerville', 'Lake Whitney', 'Possum Kingdom',
  'Bandera', 'Castroville', 'Pleasanton', 'Floresville', 'Cuero', 'Yoakum', 'Hallettsville', 'Schulenburg', 'Columbus',
  'Sealy', 'Bellville', 'Navasota', 'Hearne', 'Mexia', 'Groesbeck', 'Hillsboro', 'Stephenville', 'Corsicana', 'Waxahachie',
  // Texas's larger cities.
  'El Paso', 'Corpus Christi', 'Laredo', 'Lubbock', 'Amarillo', 'Brownsville', 'McAllen', 'Harlingen', 'Edinburg', 'Pharr',
  'Abilene', 'Midland', 'Odessa', 'San Angelo', 'Wichita Falls', 'Longview', 'Beaumont', 'Port Arthur', 'Texarkana',
  'Denton', 'Plano', 'Frisco', 'McKinney', 'Arlington', 'Grand Prairie', 'Carrollton', 'Lewisville', 'Flower Mound',
  'Mansfield', 'Cleburne', 'Weatherford', 'Granbury', 'Conroe', 'The Woodlands', 'Sugar Land', 'Pearland', 'Pasadena',
  'League City', 'Baytown', 'Galveston', 'Huntsville', 'Nacogdoches', 'Lufkin', 'Del Rio', 'Eagle Pass', 'Uvalde', 'Marfa',
  'Alpine', 'Big Bend', 'Port Aransas', 'South Padre', 'Rockport', 'Kingsville', 'Rockwall', 'Greenville', 'Jacksonville',
  // Cities in other states that people name without the state.
  'Oklahoma City', 'Tulsa', 'Shreveport', 'Little Rock', 'Albuquerque', 'Santa Fe', 'New Orleans', 'Baton Rouge', 'Denver',
  'Phoenix', 'Las Vegas', 'Los Angeles', 'Chicago', 'Atlanta', 'Miami', 'Nashville', 'Memphis', 'Kansas City', 'Seattle', 'Boston',
];
