/*
 * Which police force area polices each English and Welsh local authority (2019 boundaries).
 *
 * Why a table of local authorities and not only county → force: the brief's plan was to read
 * each local authority's county from GeoNames' GB.txt (admin code3 → admin2 name), but that file
 * gives an admin code3 on only 32 of its 27,449 rows (12 English and Welsh authorities). So the
 * membership is written out here, force by force, with the counties each force covers, as in
 * the ONS "Local Authority District to Community Safety Partnership to Police Force Area
 * (December 2019)" lookup. London boroughs need no list: all 32 are the Metropolitan Police's
 * and the City of London (E09000001) has its own force. The build checks that every local
 * authority of the population file is mapped exactly once and every listed name exists, and it
 * cross-checks the table against GB.txt's counties where GB.txt has a code (COUNTY_FORCES).
 */

/** The 43 territorial forces of England and Wales, by the names the ONS crime tables use. */
export const FORCE_LOCAL_AUTHORITIES: Readonly<Record<string, readonly string[]>> = {
  // Bristol, Somerset and the former Avon unitaries.
  'Avon and Somerset': ['Bath and North East Somerset', 'Bristol, City of', 'North Somerset', 'South Gloucestershire', 'Mendip', 'Sedgemoor', 'South Somerset', 'Somerset West and Taunton'],
  Bedfordshire: ['Bedford', 'Central Bedfordshire', 'Luton'],
  Cambridgeshire: ['Cambridge', 'East Cambridgeshire', 'Fenland', 'Huntingdonshire', 'South Cambridgeshire', 'Peterborough'],
  Cheshire: ['Cheshire East', 'Cheshire West and Chester', 'Halton', 'Warrington'],
  'City of London': ['City of London'],
  // The former county of Cleveland: two unitaries in GeoNames' "Durham", two in "North Yorkshire".
  Cleveland: ['Hartlepool', 'Middlesbrough', 'Redcar and Cleveland', 'Stockton-on-Tees'],
  Cumbria: ['Allerdale', 'Barrow-in-Furness', 'Carlisle', 'Copeland', 'Eden', 'South Lakeland'],
  Derbyshire: ['Derby', 'Amber Valley', 'Bolsover', 'Chesterfield', 'Derbyshire Dales', 'Erewash', 'High Peak', 'North East Derbyshire', 'South Derbyshire'],
  'Devon and Cornwall': ['Cornwall', 'Isles of Scilly', 'Plymouth', 'Torbay', 'East Devon', 'Exeter', 'Mid Devon', 'North Devon', 'South Hams', 'Teignbridge', 'Torridge', 'West Devon'],
  Dorset: ['Bournemouth, Christchurch and Poole', 'Dorset'],
  Durham: ['County Durham', 'Darlington'],
  'Dyfed-Powys': ['Carmarthenshire', 'Ceredigion', 'Pembrokeshire', 'Powys'],
  Essex: ['Basildon', 'Braintree', 'Brentwood', 'Castle Point', 'Chelmsford', 'Colchester', 'Epping Forest', 'Harlow', 'Maldon', 'Rochford', 'Tendring', 'Uttlesford', 'Southend-on-Sea', 'Thurrock'],
  Gloucestershire: ['Cheltenham', 'Cotswold', 'Forest of Dean', 'Gloucester', 'Stroud', 'Tewkesbury'],
  'Greater Manchester': ['Bolton', 'Bury', 'Manchester', 'Oldham', 'Rochdale', 'Salford', 'Stockport', 'Tameside', 'Trafford', 'Wigan'],
  Gwent: ['Blaenau Gwent', 'Caerphilly', 'Monmouthshire', 'Newport', 'Torfaen'],
  // Hampshire and the Isle of Wight.
  Hampshire: ['Basingstoke and Deane', 'East Hampshire', 'Eastleigh', 'Fareham', 'Gosport', 'Hart', 'Havant', 'New Forest', 'Rushmoor', 'Test Valley', 'Winchester', 'Portsmouth', 'Southampton', 'Isle of Wight'],
  Hertfordshire: ['Broxbourne', 'Dacorum', 'East Hertfordshire', 'Hertsmere', 'North Hertfordshire', 'St Albans', 'Stevenage', 'Three Rivers', 'Watford', 'Welwyn Hatfield'],
  // East Riding, Hull, North Lincolnshire and North East Lincolnshire.
  Humberside: ['East Riding of Yorkshire', 'Kingston upon Hull, City of', 'North East Lincolnshire', 'North Lincolnshire'],
  Kent: ['Ashford', 'Canterbury', 'Dartford', 'Dover', 'Folkestone and Hythe', 'Gravesham', 'Maidstone', 'Sevenoaks', 'Swale', 'Thanet', 'Tonbridge and Malling', 'Tunbridge Wells', 'Medway'],
  Lancashire: ['Blackburn with Darwen', 'Blackpool', 'Burnley', 'Chorley', 'Fylde', 'Hyndburn', 'Lancaster', 'Pendle', 'Preston', 'Ribble Valley', 'Rossendale', 'South Ribble', 'West Lancashire', 'Wyre'],
  // Leicestershire and Rutland.
  Leicestershire: ['Leicester', 'Rutland', 'Blaby', 'Charnwood', 'Harborough', 'Hinckley and Bosworth', 'Melton', 'North West Leicestershire', 'Oadby and Wigston'],
  Lincolnshire: ['Boston', 'East Lindsey', 'Lincoln', 'North Kesteven', 'South Holland', 'South Kesteven', 'West Lindsey'],
  Merseyside: ['Knowsley', 'Liverpool', 'St. Helens', 'Sefton', 'Wirral'],
  // Filled from the London borough codes (E09), below.
  'Metropolitan Police': [],
  Norfolk: ['Breckland', 'Broadland', 'Great Yarmouth', "King's Lynn and West Norfolk", 'North Norfolk', 'Norwich', 'South Norfolk'],
  'North Wales': ['Isle of Anglesey', 'Gwynedd', 'Conwy', 'Denbighshire', 'Flintshire', 'Wrexham'],
  'North Yorkshire': ['York', 'Craven', 'Hambleton', 'Harrogate', 'Richmondshire', 'Ryedale', 'Scarborough', 'Selby'],
  Northamptonshire: ['Corby', 'Daventry', 'East Northamptonshire', 'Kettering', 'Northampton', 'South Northamptonshire', 'Wellingborough'],
  // Northumberland and Tyne and Wear.
  Northumbria: ['Northumberland', 'Newcastle upon Tyne', 'North Tyneside', 'South Tyneside', 'Sunderland', 'Gateshead'],
  Nottinghamshire: ['Nottingham', 'Ashfield', 'Bassetlaw', 'Broxtowe', 'Gedling', 'Mansfield', 'Newark and Sherwood', 'Rushcliffe'],
  'South Wales': ['Swansea', 'Neath Port Talbot', 'Bridgend', 'Vale of Glamorgan', 'Cardiff', 'Rhondda Cynon Taf', 'Merthyr Tydfil'],
  'South Yorkshire': ['Barnsley', 'Doncaster', 'Rotherham', 'Sheffield'],
  Staffordshire: ['Stoke-on-Trent', 'Cannock Chase', 'East Staffordshire', 'Lichfield', 'Newcastle-under-Lyme', 'South Staffordshire', 'Stafford', 'Staffordshire Moorlands', 'Tamworth'],
  Suffolk: ['Babergh', 'Ipswich', 'Mid Suffolk', 'East Suffolk', 'West Suffolk'],
  Surrey: ['Elmbridge', 'Epsom and Ewell', 'Guildford', 'Mole Valley', 'Reigate and Banstead', 'Runnymede', 'Spelthorne', 'Surrey Heath', 'Tandridge', 'Waverley', 'Woking'],
  // East Sussex, West Sussex and Brighton and Hove.
  Sussex: ['Brighton and Hove', 'Eastbourne', 'Hastings', 'Lewes', 'Rother', 'Wealden', 'Adur', 'Arun', 'Chichester', 'Crawley', 'Horsham', 'Mid Sussex', 'Worthing'],
  // Berkshire, Buckinghamshire (with Milton Keynes) and Oxfordshire.
  'Thames Valley': [
    'Bracknell Forest', 'West Berkshire', 'Reading', 'Slough', 'Windsor and Maidenhead', 'Wokingham',
    'Milton Keynes', 'Aylesbury Vale', 'Chiltern', 'South Bucks', 'Wycombe',
    'Cherwell', 'Oxford', 'South Oxfordshire', 'Vale of White Horse', 'West Oxfordshire',
  ],
  Warwickshire: ['North Warwickshire', 'Nuneaton and Bedworth', 'Rugby', 'Stratford-on-Avon', 'Warwick'],
  // Herefordshire, Shropshire (with Telford and Wrekin) and Worcestershire.
  'West Mercia': ['Herefordshire, County of', 'Shropshire', 'Telford and Wrekin', 'Bromsgrove', 'Malvern Hills', 'Redditch', 'Worcester', 'Wychavon', 'Wyre Forest'],
  'West Midlands': ['Birmingham', 'Coventry', 'Dudley', 'Sandwell', 'Solihull', 'Walsall', 'Wolverhampton'],
  'West Yorkshire': ['Bradford', 'Calderdale', 'Kirklees', 'Leeds', 'Wakefield'],
  Wiltshire: ['Swindon', 'Wiltshire'],
};

/** The City of London's local authority code: the only London borough code not policed by the Met. */
const CITY_OF_LONDON_LA = 'E09000001';

/**
 * GeoNames' county names (GB.txt admin2, England and Wales) → force: the county level of the
 * force geography. Where a force boundary cuts a GeoNames county (Cleveland's unitaries sit in
 * "Durham" and "North Yorkshire"; North and North East Lincolnshire in "Lincolnshire"; South
 * Gloucestershire in "Gloucestershire"; the City in "Greater London"), the county's main force is
 * given: this table is a cross-check and a coarse fallback, the local-authority table decides.
 */
export const COUNTY_FORCES: Readonly<Record<string, string>> = {
  Bedfordshire: 'Bedfordshire', Berkshire: 'Thames Valley', Buckinghamshire: 'Thames Valley', Oxfordshire: 'Thames Valley',
  Cambridgeshire: 'Cambridgeshire', Cheshire: 'Cheshire', Cornwall: 'Devon and Cornwall', Devon: 'Devon and Cornwall',
  'County of Bristol': 'Avon and Somerset', Somerset: 'Avon and Somerset', Cumbria: 'Cumbria', Derbyshire: 'Derbyshire',
  Dorset: 'Dorset', Durham: 'Durham', 'East Riding of Yorkshire': 'Humberside', 'East Sussex': 'Sussex', 'West Sussex': 'Sussex',
  Essex: 'Essex', Gloucestershire: 'Gloucestershire', 'Greater London': 'Metropolitan Police', 'Greater Manchester': 'Greater Manchester',
  Hampshire: 'Hampshire', 'Isle of Wight': 'Hampshire', 'Hereford and Worcester': 'West Mercia', Herefordshire: 'West Mercia',
  Shropshire: 'West Mercia', Worcestershire: 'West Mercia', Hertfordshire: 'Hertfordshire', Kent: 'Kent', Lancashire: 'Lancashire',
  Leicestershire: 'Leicestershire', Rutland: 'Leicestershire', Lincolnshire: 'Lincolnshire', Merseyside: 'Merseyside',
  Norfolk: 'Norfolk', 'North Yorkshire': 'North Yorkshire', Northamptonshire: 'Northamptonshire', Northumberland: 'Northumbria',
  'Tyne and Wear': 'Northumbria', Nottinghamshire: 'Nottinghamshire', 'South Yorkshire': 'South Yorkshire',
  Staffordshire: 'Staffordshire', Suffolk: 'Suffolk', Surrey: 'Surrey', Warwickshire: 'Warwickshire',
  'West Midlands': 'West Midlands', 'West Yorkshire': 'West Yorkshire', Wiltshire: 'Wiltshire',
  Carmarthenshire: 'Dyfed-Powys', Ceredigion: 'Dyfed-Powys', Pembrokeshire: 'Dyfed-Powys', Powys: 'Dyfed-Powys',
  'Blaenau Gwent': 'Gwent', Caerphilly: 'Gwent', Monmouthshire: 'Gwent', Newport: 'Gwent', Torfaen: 'Gwent',
  'Isle of Anglesey': 'North Wales', Gwynedd: 'North Wales', Conwy: 'North Wales', Denbighshire: 'North Wales',
  Flintshire: 'North Wales', Wrexham: 'North Wales',
  Bridgend: 'South Wales', Cardiff: 'South Wales', 'Merthyr Tydfil': 'South Wales', 'Neath Port Talbot': 'South Wales',
  'Rhondda Cynon Taff': 'South Wales', Swansea: 'South Wales', 'Vale of Glamorgan': 'South Wales',
};

/**
 * The force of a local authority by its 2019 code and name (as the ONS population file spells
 * it), or undefined when the table does not know it (the build then fails naming it).
 */
export function forceOfLocalAuthority(code: string, name: string): string | undefined {
  if (code === CITY_OF_LONDON_LA) return 'City of London';
  if (code.startsWith('E09')) return 'Metropolitan Police';
  const forces = Object.entries(FORCE_LOCAL_AUTHORITIES).filter(([, names]) => names.includes(name));
  if (forces.length > 1) throw new Error(`Local authority ${name} is listed under ${forces.map(([force]) => force).join(' and ')}`);
  return forces[0]?.[0];
}
