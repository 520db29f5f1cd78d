/** Real makes and models for the demo stock, per kind of vehicle and market. */

export type VehicleKind = "car" | "motorcycle" | "camper" | "4x4";
export type Market = "au" | "nz" | "us";
export type FuelKind = "petrol" | "premium" | "diesel" | "hybrid" | "electric";
export type DriveKind = "FWD" | "RWD" | "AWD" | "4WD" | "Chain" | "Belt" | "Shaft";

export type ModelSpec = {
  kind: VehicleKind;
  make: string;
  model: string;
  series: string | null;
  /** one of the spec's body types for cars (spec 000 §3); the trade's own words for bikes and RVs */
  body: string;
  seats: number | null;
  fuel: FuelKind | null;
  drive: DriveKind | null;
  transmissions: readonly string[];
  badges: readonly string[];
  /** new price of the first badge, AUD */
  basePrice: number;
  firstYear: number;
  markets: readonly Market[];
};

const AU: readonly Market[] = ["au"];
const ANZ: readonly Market[] = ["au", "nz"];
const ALL: readonly Market[] = ["au", "nz", "us"];
const US: readonly Market[] = ["us"];

const AUTO = ["6 Speed Automatic"] as const;
const CVT = ["CVT"] as const;
const AUTO8 = ["8 Speed Automatic"] as const;
const UTE = ["6 Speed Automatic", "6 Speed Manual"] as const;
const EV = ["1 Speed Reduction Gear"] as const;

type Row = [
  make: string, model: string, series: string | null, body: string, seats: number | null, fuel: FuelKind | null,
  drive: DriveKind | null, transmissions: readonly string[], badges: readonly string[], basePrice: number, firstYear: number,
  markets: readonly Market[],
];

const toSpecs = (kind: VehicleKind, rows: Row[]): ModelSpec[] =>
  rows.map(([make, model, series, body, seats, fuel, drive, transmissions, badges, basePrice, firstYear, markets]) => ({
    kind, make, model, series, body, seats, fuel, drive, transmissions, badges, basePrice, firstYear, markets,
  }));

export const cars: ModelSpec[] = toSpecs("car", [
  ["Toyota", "Corolla", "ZWE211R", "hatch", 5, "hybrid", "FWD", CVT, ["Ascent Sport", "SX", "ZR"], 32000, 2018, ALL],
  ["Toyota", "Camry", "AXVH71R", "sedan", 5, "hybrid", "FWD", CVT, ["Ascent", "SX", "SL"], 38000, 2017, ALL],
  ["Toyota", "RAV4", "AXAH54R", "suv", 5, "hybrid", "AWD", CVT, ["GX", "GXL", "Cruiser", "Edge"], 42000, 2019, ALL],
  ["Toyota", "HiLux", "GUN126R", "ute", 5, "diesel", "4WD", UTE, ["Workmate", "SR", "SR5", "Rogue"], 52000, 2015, ANZ],
  ["Toyota", "HiLux", "GUN125R", "cabChassis", 2, "diesel", "4WD", UTE, ["Workmate", "SR"], 48000, 2015, ANZ],
  ["Toyota", "LandCruiser", "FJA300R", "suv", 7, "diesel", "4WD", ["10 Speed Automatic"], ["GX", "GXL", "VX", "Sahara"], 92000, 2021, ANZ],
  ["Toyota", "LandCruiser Prado", "GDJ150R", "suv", 7, "diesel", "4WD", AUTO, ["GX", "GXL", "VX", "Kakadu"], 68000, 2014, ANZ],
  ["Toyota", "Kluger", "AXUH78R", "suv", 7, "hybrid", "AWD", CVT, ["GX", "GXL", "Grande"], 60000, 2021, AU],
  ["Toyota", "HiAce", "GDH300R", "van", 3, "diesel", "RWD", AUTO, ["LWB", "SLWB"], 50000, 2019, ANZ],
  ["Toyota", "Coaster", "XZB70R", "bus", 22, "diesel", "RWD", AUTO, ["Standard", "Deluxe"], 165000, 2017, AU],
  ["Toyota", "Granvia", "GDH303R", "peopleMover", 8, "diesel", "RWD", AUTO, ["Standard", "VX"], 70000, 2019, AU],
  ["Toyota", "GR86", "ZN8", "coupe", 4, "premium", "RWD", UTE, ["GT", "GTS"], 44000, 2022, ALL],
  ["Toyota", "Yaris", "MXPA10R", "hatch", 5, "petrol", "FWD", CVT, ["Ascent Sport", "SX", "ZR"], 26000, 2020, ANZ],
  ["Toyota", "Aqua", "NHP10", "hatch", 5, "hybrid", "FWD", CVT, ["S", "G"], 24000, 2014, ["nz"]],
  ["Toyota", "Tacoma", null, "ute", 5, "petrol", "4WD", AUTO, ["SR", "SR5", "TRD Off-Road"], 52000, 2016, US],
  ["Mazda", "Mazda2", "DJ", "hatch", 5, "petrol", "FWD", AUTO, ["G15 Pure", "G15 Evolve", "G15 GT"], 25000, 2015, ANZ],
  ["Mazda", "Mazda3", "BP", "hatchback", 5, "petrol", "FWD", AUTO, ["G20 Pure", "G20 Evolve", "G25 GT", "G25 Astina"], 32000, 2019, ALL],
  ["Mazda", "CX-3", "DK", "suv", 5, "petrol", "FWD", AUTO, ["Neo Sport", "Maxx Sport", "Akari"], 29000, 2016, ANZ],
  ["Mazda", "CX-5", "KF", "suv", 5, "petrol", "AWD", AUTO, ["Maxx", "Maxx Sport", "Touring", "GT SP", "Akera"], 38000, 2017, ALL],
  ["Mazda", "CX-8", "KG", "suv", 7, "diesel", "AWD", AUTO, ["Touring", "GT SP", "Asaki"], 48000, 2018, AU],
  ["Mazda", "CX-9", "TC", "suv", 7, "petrol", "AWD", AUTO, ["Sport", "Touring", "Azami"], 52000, 2016, ANZ],
  ["Mazda", "CX-60", "KH", "suv", 5, "hybrid", "AWD", AUTO8, ["G40e Evolve", "D50e GT", "P50e Azami"], 60000, 2022, AU],
  ["Mazda", "BT-50", "TF", "ute", 5, "diesel", "4WD", UTE, ["XS", "XT", "GT", "Thunder"], 48000, 2020, ANZ],
  ["Mazda", "MX-5", "ND", "convertible", 2, "premium", "RWD", ["6 Speed Manual", "6 Speed Automatic"], ["Roadster", "Roadster GT", "RF GT"], 42000, 2016, ALL],
  ["Mazda", "Mazda6", "GL", "wagon", 5, "petrol", "FWD", AUTO, ["Sport", "Touring", "Atenza"], 38000, 2018, ANZ],
  ["Hyundai", "i30", "PD", "hatchback", 5, "petrol", "FWD", AUTO, ["Active", "Elite", "N Line", "N Line Premium"], 28000, 2017, ANZ],
  ["Hyundai", "i30 Sedan", "CN7", "sedan", 5, "petrol", "FWD", CVT, ["Active", "Elite", "N Line"], 29000, 2021, ANZ],
  ["Hyundai", "Venue", "QX", "suv", 5, "petrol", "FWD", AUTO, ["Venue", "Active", "Elite"], 25000, 2019, ANZ],
  ["Hyundai", "Kona", "SX2", "suv", 5, "hybrid", "FWD", ["6 Speed Dual Clutch"], ["Kona", "Premium", "N Line Premium"], 35000, 2023, ALL],
  ["Hyundai", "Kona Electric", "SX2.V1", "suv", 5, "electric", "FWD", EV, ["Standard Range", "Extended Range Premium"], 54000, 2023, ANZ],
  ["Hyundai", "Tucson", "NX4", "suv", 5, "petrol", "AWD", AUTO8, ["Tucson", "Elite", "Highlander"], 38000, 2021, ALL],
  ["Hyundai", "Santa Fe", "MX5", "suv", 7, "hybrid", "AWD", AUTO, ["Hybrid", "Elite", "Calligraphy"], 58000, 2019, ALL],
  ["Hyundai", "Palisade", "LX2", "suv", 8, "diesel", "AWD", AUTO8, ["Palisade", "Highlander"], 66000, 2021, ALL],
  ["Hyundai", "Staria", "US4", "peopleMover", 8, "diesel", "AWD", AUTO8, ["Staria", "Elite", "Highlander"], 52000, 2021, ANZ],
  ["Hyundai", "Staria Load", "US4.V1", "van", 3, "diesel", "RWD", AUTO8, ["Load", "Load Crew"], 47000, 2021, AU],
  ["Hyundai", "Ioniq 5", "NE", "suv", 5, "electric", "AWD", EV, ["Dynamiq", "Techniq", "Epiq"], 66000, 2021, ALL],
  ["Nissan", "Qashqai", "J12", "suv", 5, "petrol", "FWD", CVT, ["ST", "ST+", "Ti", "N-Design"], 36000, 2022, ANZ],
  ["Nissan", "X-Trail", "T33", "suv", 7, "petrol", "AWD", CVT, ["ST", "ST-L", "Ti", "Ti-L"], 40000, 2022, ANZ],
  ["Nissan", "Navara", "D23", "ute", 5, "diesel", "4WD", AUTO, ["SL", "ST", "ST-X", "PRO-4X"], 50000, 2015, ANZ],
  ["Nissan", "Patrol", "Y62", "suv", 8, "premium", "4WD", ["7 Speed Automatic"], ["Ti", "Ti-L", "Warrior"], 88000, 2013, AU],
  ["Nissan", "Pathfinder", "R53", "suv", 8, "petrol", "4WD", ["9 Speed Automatic"], ["S", "SV", "SL", "Platinum"], 52000, 2021, ALL],
  ["Nissan", "Leaf", "ZE1", "hatchback", 5, "electric", "FWD", EV, ["S", "SV", "e+"], 50000, 2018, ALL],
  ["Nissan", "Z", "RZ34", "coupe", 2, "premium", "RWD", ["6 Speed Manual", "9 Speed Automatic"], ["Sport", "Performance", "NISMO"], 62000, 2022, ALL],
  ["Nissan", "Rogue", "T33", "suv", 5, "petrol", "AWD", CVT, ["S", "SV", "SL", "Platinum"], 42000, 2021, US],
  ["Nissan", "Altima", "L34", "sedan", 5, "petrol", "FWD", CVT, ["S", "SV", "SR", "SL"], 38000, 2019, US],
  ["Nissan", "Sentra", "B18", "sedan", 5, "petrol", "FWD", CVT, ["S", "SV", "SR"], 30000, 2020, US],
  ["Nissan", "Kicks", "P15", "suv", 5, "petrol", "FWD", CVT, ["S", "SV", "SR"], 30000, 2018, US],
  ["Nissan", "Murano", "Z52", "suv", 5, "petrol", "AWD", CVT, ["SV", "SL", "Platinum"], 50000, 2017, US],
  ["Nissan", "Frontier", "D41", "ute", 5, "petrol", "4WD", ["9 Speed Automatic"], ["S", "SV", "PRO-4X"], 46000, 2022, US],
  ["Nissan", "Titan", "A61", "ute", 6, "petrol", "4WD", ["9 Speed Automatic"], ["SV", "PRO-4X", "Platinum Reserve"], 62000, 2017, US],
  ["Nissan", "Ariya", "FE0", "suv", 5, "electric", "AWD", EV, ["Engage", "Evolve+", "Platinum+"], 68000, 2023, ALL],
  ["Ford", "Ranger", "PY", "ute", 5, "diesel", "4WD", ["10 Speed Automatic"], ["XL", "XLT", "Sport", "Wildtrak", "Raptor"], 52000, 2022, ANZ],
  ["Ford", "Everest", "UB", "suv", 7, "diesel", "4WD", ["10 Speed Automatic"], ["Ambiente", "Trend", "Sport", "Platinum"], 58000, 2022, ANZ],
  ["Ford", "Mustang", "S650", "coupe", 4, "premium", "RWD", ["10 Speed Automatic", "6 Speed Manual"], ["GT Fastback", "Dark Horse"], 80000, 2018, ALL],
  ["Ford", "Mustang", "S650", "convertible", 4, "premium", "RWD", ["10 Speed Automatic"], ["GT Convertible"], 88000, 2018, ALL],
  ["Ford", "Transit Custom", "VN", "van", 3, "diesel", "FWD", AUTO, ["Trend", "Sport"], 52000, 2020, ANZ],
  ["Ford", "F-150", null, "ute", 6, "petrol", "4WD", ["10 Speed Automatic"], ["XL", "XLT", "Lariat", "Platinum"], 70000, 2018, US],
  ["Ford", "Escape", "ZH", "suv", 5, "petrol", "AWD", AUTO8, ["Active", "ST-Line", "Vignale"], 40000, 2020, ALL],
  ["Kia", "Picanto", "JA", "hatchback", 5, "petrol", "FWD", ["4 Speed Automatic"], ["S", "GT-Line"], 19000, 2017, ANZ],
  ["Kia", "Cerato", "BD", "hatch", 5, "petrol", "FWD", AUTO, ["S", "Sport", "Sport+", "GT"], 27000, 2018, ANZ],
  ["Kia", "Seltos", "SP2", "suv", 5, "petrol", "FWD", CVT, ["S", "Sport", "Sport+", "GT-Line"], 30000, 2020, ALL],
  ["Kia", "Sportage", "NQ5", "suv", 5, "petrol", "AWD", AUTO8, ["S", "SX", "SX+", "GT-Line"], 36000, 2022, ALL],
  ["Kia", "Sorento", "MQ4", "suv", 7, "diesel", "AWD", AUTO8, ["S", "Sport", "Sport+", "GT-Line"], 50000, 2020, ALL],
  ["Kia", "Carnival", "KA4", "peopleMover", 8, "diesel", "FWD", AUTO8, ["S", "Si", "SLi", "Platinum"], 50000, 2020, ALL],
  ["Kia", "EV6", "CV", "suv", 5, "electric", "AWD", EV, ["Air", "GT-Line", "GT"], 68000, 2022, ALL],
  ["Mitsubishi", "Triton", "MV", "ute", 5, "diesel", "4WD", AUTO, ["GLX", "GLX+", "GLS", "GSR"], 48000, 2019, ANZ],
  ["Mitsubishi", "Outlander", "ZM", "suv", 7, "hybrid", "AWD", CVT, ["ES", "LS", "Aspire", "Exceed"], 45000, 2021, ALL],
  ["Mitsubishi", "ASX", "XD", "suv", 5, "petrol", "FWD", CVT, ["ES", "LS", "Exceed"], 28000, 2016, ANZ],
  ["Mitsubishi", "Pajero Sport", "QF", "suv", 7, "diesel", "4WD", AUTO8, ["GLX", "GLS", "Exceed"], 52000, 2016, ANZ],
  ["Isuzu", "D-MAX", "RG", "ute", 5, "diesel", "4WD", UTE, ["SX", "LS-M", "LS-U", "X-Terrain"], 50000, 2020, ANZ],
  ["Isuzu", "D-MAX", "RG", "cabChassis", 2, "diesel", "4WD", UTE, ["SX", "SX High-Ride"], 44000, 2020, ANZ],
  ["Isuzu", "MU-X", "RJ", "suv", 7, "diesel", "4WD", AUTO, ["LS-M", "LS-U", "LS-T"], 55000, 2021, ANZ],
  ["Isuzu", "N Series", "NPR 75-190", "lightTruck", 3, "diesel", "RWD", ["6 Speed Automated Manual"], ["Tradepack", "Premium"], 78000, 2016, AU],
  ["Hino", "300 Series", "616", "lightTruck", 3, "diesel", "RWD", AUTO, ["Standard Cab", "Wide Cab"], 80000, 2016, ANZ],
  ["Volkswagen", "Golf", "8", "hatchback", 5, "premium", "FWD", ["8 Speed Automatic", "7 Speed Dual Clutch"], ["110TSI Life", "R-Line", "GTI", "R"], 38000, 2020, ALL],
  ["Volkswagen", "Tiguan", "5N", "suv", 5, "premium", "AWD", ["7 Speed Dual Clutch"], ["110TSI Life", "162TSI Elegance", "162TSI R-Line"], 44000, 2017, ALL],
  ["Volkswagen", "Amarok", "NF", "ute", 5, "diesel", "4WD", ["10 Speed Automatic"], ["Core", "Life", "Style", "Aventura"], 58000, 2023, AU],
  ["Volkswagen", "Passat", "B8", "stationWagon", 5, "premium", "FWD", ["7 Speed Dual Clutch"], ["140TSI Business", "206TSI R-Line"], 50000, 2016, ANZ],
  ["Subaru", "Outback", "BT", "wagon", 5, "petrol", "AWD", CVT, ["AWD", "Sport", "Touring"], 45000, 2021, ALL],
  ["Subaru", "Forester", "SK", "suv", 5, "petrol", "AWD", CVT, ["2.5i", "2.5i-L", "2.5i-S", "Hybrid S"], 38000, 2018, ALL],
  ["Subaru", "WRX", "VN", "sedan", 5, "premium", "AWD", ["6 Speed Manual", "CVT"], ["WRX", "RS", "tS"], 48000, 2022, ALL],
  ["Suzuki", "Swift", "AZ", "hatch", 5, "petrol", "FWD", CVT, ["GL", "GLX Turbo", "Sport"], 24000, 2017, ANZ],
  ["Suzuki", "Vitara", "LY", "suv", 5, "petrol", "FWD", AUTO, ["Vitara", "Turbo", "Turbo ALLGRIP"], 32000, 2016, ANZ],
  ["Suzuki", "Jimny", "JB74", "4x4", 4, "petrol", "4WD", ["4 Speed Automatic", "5 Speed Manual"], ["Lite", "GLX", "XL"], 33000, 2018, ANZ],
  ["Suzuki", "S-Cross", "JY", "suv", 5, "petrol", "AWD", AUTO, ["Plus", "Prestige"], 36000, 2022, ANZ],
  ["Honda", "CR-V", "RS", "suv", 7, "petrol", "AWD", CVT, ["VTi", "VTi L7", "e:PHEV RS"], 45000, 2017, ALL],
  ["Honda", "Civic", "FL", "hatchback", 5, "premium", "FWD", CVT, ["VTi LX", "e:HEV LX", "Type R"], 40000, 2021, ALL],
  ["Honda", "Accord", "CV", "sedan", 5, "hybrid", "FWD", CVT, ["LX", "EX-L", "Touring"], 38000, 2018, US],
  ["Honda", "Odyssey", "RC", "peopleMover", 8, "petrol", "FWD", CVT, ["Vi L7", "Vi LX8"], 48000, 2018, ALL],
  ["Tesla", "Model 3", null, "sedan", 5, "electric", "RWD", EV, ["Rear-Wheel Drive", "Long Range", "Performance"], 58000, 2019, ALL],
  ["Tesla", "Model Y", null, "suv", 5, "electric", "AWD", EV, ["Rear-Wheel Drive", "Long Range", "Performance"], 65000, 2022, ALL],
  ["MG", "ZS", "AZS1", "suv", 5, "petrol", "FWD", ["4 Speed Automatic"], ["Excite", "Essence"], 24000, 2018, ANZ],
  ["MG", "MG3", "SZP1", "hatch", 5, "hybrid", "FWD", ["3 Speed Automatic"], ["Core", "Excite", "Essence"], 22000, 2018, ANZ],
  ["GWM", "Ute Cannon", "NPW", "ute", 5, "diesel", "4WD", AUTO8, ["Cannon", "Cannon-L", "Cannon-X"], 40000, 2021, ANZ],
  ["Haval", "Jolion", "A01", "suv", 5, "petrol", "FWD", ["7 Speed Dual Clutch"], ["Premium", "Lux", "Ultra"], 29000, 2021, AU],
  ["Holden", "Commodore", "VF II", "sedan", 5, "petrol", "RWD", AUTO, ["Evoke", "SV6", "SS-V Redline"], 42000, 2013, AU],
  ["Holden", "Commodore Sportwagon", "VF II", "stationWagon", 5, "petrol", "RWD", AUTO, ["Evoke", "SV6", "SS-V"], 44000, 2013, AU],
  ["Holden", "Colorado", "RG", "ute", 5, "diesel", "4WD", AUTO, ["LS", "LTZ", "Z71"], 50000, 2013, AU],
  ["Jeep", "Wrangler", "JL", "hardtop", 5, "premium", "4WD", AUTO8, ["Overland", "Rubicon"], 80000, 2018, ALL],
  ["Jeep", "Wrangler", "JL", "softtop", 5, "premium", "4WD", AUTO8, ["Sport", "Sahara"], 72000, 2018, ALL],
  ["Jeep", "Grand Cherokee", "WL", "suv", 5, "premium", "4WD", AUTO8, ["Night Eagle", "Limited", "Summit Reserve"], 80000, 2021, ALL],
  ["Chevrolet", "Silverado 1500", null, "ute", 6, "petrol", "4WD", ["10 Speed Automatic"], ["LT", "RST", "LTZ", "High Country"], 68000, 2019, US],
  ["Chevrolet", "Equinox", null, "suv", 5, "petrol", "AWD", AUTO, ["LS", "LT", "RS", "Premier"], 36000, 2018, US],
  ["Mercedes-Benz", "C-Class", "W206", "sedan", 5, "premium", "RWD", ["9 Speed Automatic"], ["C200", "C300"], 78000, 2021, ALL],
  ["Mercedes-Benz", "GLC", "X254", "suv", 5, "premium", "AWD", ["9 Speed Automatic"], ["GLC300", "GLC300 4MATIC"], 92000, 2022, ALL],
  ["BMW", "3 Series", "G20", "sedan", 5, "premium", "RWD", AUTO8, ["320i M Sport", "330i M Sport", "M340i xDrive"], 75000, 2019, ALL],
  ["BMW", "4 Series", "G22", "coupe", 4, "premium", "RWD", AUTO8, ["420i M Sport", "M440i xDrive"], 85000, 2020, ALL],
  ["BMW", "X5", "G05", "suv", 5, "diesel", "AWD", AUTO8, ["xDrive30d", "xDrive40i", "M60i"], 125000, 2019, ALL],
  ["Audi", "Q5", "FY", "suv", 5, "premium", "AWD", ["7 Speed Dual Clutch"], ["40 TDI quattro", "45 TFSI quattro Sport"], 78000, 2017, ALL],
  ["Land Rover", "Defender", "L663", "4x4", 5, "diesel", "4WD", AUTO8, ["110 D250 S", "110 D300 X-Dynamic SE", "90 P400 X"], 110000, 2020, ALL],
]);

/** 4x4 utes and wagons for the accessories-and-fitting business (spec 001 §1, template 4x4). */
export const fourByFours: ModelSpec[] = toSpecs("4x4", [
  ["Toyota", "LandCruiser 70", "VDJ79R", "cabChassis", 2, "diesel", "4WD", ["5 Speed Manual"], ["Workmate", "GX", "GXL"], 78000, 2012, AU],
  ["Toyota", "LandCruiser 70", "VDJ76R", "4x4", 5, "diesel", "4WD", ["5 Speed Manual"], ["GXL"], 80000, 2012, AU],
  ["Toyota", "LandCruiser", "VDJ200R", "suv", 8, "diesel", "4WD", AUTO, ["GXL", "VX", "Sahara"], 95000, 2012, AU],
  ["Toyota", "LandCruiser Prado", "GDJ150R", "suv", 7, "diesel", "4WD", AUTO, ["GXL", "VX", "Kakadu"], 68000, 2014, AU],
  ["Toyota", "HiLux", "GUN126R", "ute", 5, "diesel", "4WD", UTE, ["SR", "SR5", "Rugged X"], 55000, 2015, AU],
  ["Ford", "Ranger", "PX MkIII", "ute", 5, "diesel", "4WD", ["10 Speed Automatic"], ["XLT", "Wildtrak", "Raptor"], 58000, 2018, AU],
  ["Ford", "Everest", "UA II", "suv", 7, "diesel", "4WD", ["10 Speed Automatic"], ["Trend", "Titanium"], 55000, 2018, AU],
  ["Isuzu", "D-MAX", "RG", "ute", 5, "diesel", "4WD", AUTO, ["LS-U", "X-Terrain"], 58000, 2020, AU],
  ["Isuzu", "MU-X", "RJ", "suv", 7, "diesel", "4WD", AUTO, ["LS-M", "LS-T"], 55000, 2021, AU],
  ["Nissan", "Patrol", "Y62", "4x4", 8, "premium", "4WD", ["7 Speed Automatic"], ["Ti", "Ti-L", "Warrior"], 88000, 2013, AU],
  ["Nissan", "Patrol", "GU Y61", "4x4", 7, "diesel", "4WD", ["5 Speed Manual"], ["DX", "ST"], 60000, 2012, AU],
  ["Nissan", "Navara", "D23", "ute", 5, "diesel", "4WD", AUTO, ["ST-X", "PRO-4X"], 55000, 2016, AU],
  ["Mitsubishi", "Triton", "MR", "ute", 5, "diesel", "4WD", AUTO, ["GLS", "GSR"], 52000, 2019, AU],
  ["Mitsubishi", "Pajero", "NX", "4x4", 7, "diesel", "4WD", ["5 Speed Automatic"], ["GLX", "GLS", "Exceed"], 55000, 2012, AU],
  ["Jeep", "Wrangler", "JL", "hardtop", 5, "premium", "4WD", AUTO8, ["Rubicon"], 80000, 2018, AU],
  ["Suzuki", "Jimny", "JB74", "4x4", 4, "petrol", "4WD", ["5 Speed Manual"], ["GLX"], 33000, 2018, AU],
  ["Land Rover", "Defender", "L663", "4x4", 5, "diesel", "4WD", AUTO8, ["110 D250 SE"], 110000, 2020, AU],
  ["Mazda", "BT-50", "TF", "ute", 5, "diesel", "4WD", AUTO, ["GT", "Thunder"], 55000, 2020, AU],
  ["Volkswagen", "Amarok", "2H", "ute", 5, "diesel", "4WD", AUTO8, ["V6 Highline", "V6 Ultimate"], 65000, 2017, AU],
]);

export const motorcycles: ModelSpec[] = toSpecs("motorcycle", [
  ["Honda", "CBR650R", null, "sport", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "E-Clutch"], 14500, 2019, ALL],
  ["Honda", "CRF1100L Africa Twin", null, "adventure", 2, "premium", "Chain", ["6 Speed Manual", "6 Speed DCT"], ["Standard", "Adventure Sports ES"], 24000, 2020, ALL],
  ["Honda", "Rebel 500", null, "cruiser", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "SE"], 10500, 2017, ALL],
  ["Honda", "CRF450R", null, "motocross", 1, "premium", "Chain", ["5 Speed Manual"], ["Standard", "50th Anniversary"], 14800, 2019, ALL],
  ["Honda", "PCX160", null, "scooter", 2, "petrol", "Belt", ["CVT"], ["Standard"], 5500, 2021, ALL],
  ["Honda", "Gold Wing", "GL1800", "touring", 2, "premium", "Shaft", ["7 Speed DCT"], ["Tour", "Tour Airbag"], 48000, 2018, ALL],
  ["Yamaha", "MT-07", null, "naked", 2, "petrol", "Chain", ["6 Speed Manual"], ["LAMS", "Standard"], 12000, 2018, ALL],
  ["Yamaha", "MT-09", null, "naked", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "SP"], 17000, 2021, ALL],
  ["Yamaha", "YZF-R7", null, "sport", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "LAMS"], 14200, 2022, ALL],
  ["Yamaha", "Tenere 700", null, "adventure", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "World Raid"], 18000, 2019, ALL],
  ["Yamaha", "YZ250F", null, "motocross", 1, "premium", "Chain", ["5 Speed Manual"], ["Standard", "Monster Energy Edition"], 12500, 2019, ALL],
  ["Yamaha", "XMAX 300", null, "scooter", 2, "petrol", "Belt", ["CVT"], ["Standard", "Tech MAX"], 8500, 2018, ALL],
  ["Yamaha", "Tracer 9 GT", null, "touring", 2, "premium", "Chain", ["6 Speed Manual"], ["GT", "GT+"], 23000, 2021, ALL],
  ["Kawasaki", "Ninja 400", "EX400", "sport", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "KRT Edition"], 8800, 2018, ALL],
  ["Kawasaki", "Z900", "ZR900", "naked", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "SE", "LAMS 650"], 15000, 2017, ALL],
  ["Kawasaki", "Versys 650", "KLE650", "adventure", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "LT SE"], 12500, 2017, ALL],
  ["Kawasaki", "KX450", null, "motocross", 1, "premium", "Chain", ["5 Speed Manual"], ["Standard", "X"], 14300, 2019, ALL],
  ["Kawasaki", "Vulcan S", "EN650", "cruiser", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "Cafe"], 11000, 2017, ALL],
  ["Kawasaki", "Z650RS", "ER650", "naked", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "50th Anniversary"], 12300, 2022, ALL],
  ["Harley-Davidson", "Street Bob 114", "FXBBS", "cruiser", 1, "premium", "Belt", ["6 Speed Manual"], ["Standard"], 26000, 2018, ALL],
  ["Harley-Davidson", "Fat Boy 114", "FLFBS", "cruiser", 2, "premium", "Belt", ["6 Speed Manual"], ["Standard", "Anniversary"], 36000, 2018, ALL],
  ["Harley-Davidson", "Road Glide", "FLTRX", "touring", 2, "premium", "Belt", ["6 Speed Manual"], ["Standard", "Special", "ST"], 46000, 2018, ALL],
  ["Harley-Davidson", "Pan America 1250", "RA1250", "adventure", 2, "premium", "Belt", ["6 Speed Manual"], ["Standard", "Special"], 32000, 2021, ALL],
  ["BMW", "R 1250 GS", "K50", "adventure", 2, "premium", "Shaft", ["6 Speed Manual"], ["Standard", "Adventure", "Rallye"], 32000, 2019, ALL],
  ["BMW", "S 1000 RR", "K67", "sport", 1, "premium", "Chain", ["6 Speed Manual"], ["Standard", "M Package"], 32000, 2019, ALL],
  ["BMW", "F 900 R", "K83", "naked", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "LAMS"], 16500, 2020, ALL],
  ["BMW", "R 18", "K34", "cruiser", 2, "premium", "Shaft", ["6 Speed Manual"], ["First Edition", "Classic", "Transcontinental"], 34000, 2020, ALL],
  ["Ducati", "Panigale V4", null, "sport", 1, "premium", "Chain", ["6 Speed Manual"], ["V4", "V4 S"], 38000, 2018, ALL],
  ["Ducati", "Monster", null, "naked", 2, "premium", "Chain", ["6 Speed Manual"], ["Monster", "Monster+", "SP"], 21000, 2021, ALL],
  ["Ducati", "Multistrada V4", null, "adventure", 2, "premium", "Chain", ["6 Speed Manual"], ["V4", "V4 S", "Rally"], 33000, 2021, ALL],
  ["Ducati", "Scrambler Icon", null, "naked", 2, "premium", "Chain", ["6 Speed Manual"], ["Icon", "Full Throttle"], 16000, 2017, ALL],
  ["KTM", "390 Duke", null, "naked", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard"], 8500, 2017, ALL],
  ["KTM", "890 Adventure", null, "adventure", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "R", "Rally"], 22000, 2021, ALL],
  ["KTM", "1290 Super Duke R", null, "naked", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "EVO"], 30000, 2020, ALL],
  ["KTM", "450 SX-F", null, "motocross", 1, "premium", "Chain", ["5 Speed Manual"], ["Standard", "Factory Edition"], 15000, 2019, ALL],
  ["KTM", "690 Enduro R", null, "adventure", 1, "premium", "Chain", ["6 Speed Manual"], ["Standard"], 19000, 2019, ALL],
  ["Triumph", "Street Triple 765", null, "naked", 2, "premium", "Chain", ["6 Speed Manual"], ["R", "RS", "Moto2 Edition"], 19000, 2017, ALL],
  ["Triumph", "Tiger 900", null, "adventure", 2, "premium", "Chain", ["6 Speed Manual"], ["GT", "GT Pro", "Rally Pro"], 23000, 2020, ALL],
  ["Triumph", "Bonneville T120", null, "cruiser", 2, "premium", "Chain", ["6 Speed Manual"], ["Standard", "Black"], 22000, 2017, ALL],
  ["Triumph", "Trident 660", null, "naked", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "LAMS"], 12500, 2021, ALL],
  ["Suzuki", "V-Strom 650", "DL650", "adventure", 2, "petrol", "Chain", ["6 Speed Manual"], ["Standard", "XT"], 12500, 2017, ALL],
  ["Suzuki", "DR-Z400E", null, "motocross", 1, "petrol", "Chain", ["5 Speed Manual"], ["Standard"], 10500, 2015, ALL],
]);

/** Caravans and camper trailers are towed: no engine, odometer or seats. Motorhomes have all three. */
export const campers: ModelSpec[] = toSpecs("camper", [
  ["Jayco", "Journey", "21.62-2", "caravan", null, null, null, [], ["Outback", "Touring"], 72000, 2016, AU],
  ["Jayco", "Starcraft", "17.55-4", "caravan", null, null, null, [], ["Standard", "Outback"], 55000, 2016, AU],
  ["Jayco", "Swan", "Series 6", "camperTrailer", null, null, null, [], ["Standard", "Outback"], 38000, 2016, AU],
  ["Jayco", "Crosstrak", "14.44-2", "caravan", null, null, null, [], ["Standard"], 48000, 2019, AU],
  ["Jayco", "Conquest", "25.3", "motorhome", 4, "diesel", "FWD", ["6 Speed Automated Manual"], ["Fiat Ducato", "Mercedes Sprinter"], 165000, 2016, AU],
  ["Avan", "Aspire", "552", "caravan", null, null, null, [], ["Standard", "Dual Axle"], 80000, 2016, AU],
  ["Avan", "Cruiseliner", "Family", "caravan", null, null, null, [], ["Standard", "Deluxe"], 42000, 2015, AU],
  ["Avan", "Applause", "A6", "motorhome", 4, "diesel", "FWD", ["9 Speed Automatic"], ["Standard", "Slide-Out"], 185000, 2018, AU],
  ["Avan", "Ovation", "M5", "motorhome", 2, "diesel", "FWD", ["9 Speed Automatic"], ["M5", "M7"], 170000, 2018, AU],
  ["Winnebago", "Cottesloe", "2140", "caravan", null, null, null, [], ["Standard"], 68000, 2017, AU],
  ["Winnebago", "Esperance", "C7", "motorhome", 4, "diesel", "FWD", ["6 Speed Automated Manual"], ["Standard", "Slide-Out"], 175000, 2016, AU],
  ["Coromal", "Element", "E609", "caravan", null, null, null, [], ["Standard"], 62000, 2016, AU],
  ["Coromal", "Appeal", "622", "caravan", null, null, null, [], ["Standard", "Ensuite"], 70000, 2015, AU],
  ["Sunliner", "Switch", "S4", "motorhome", 4, "diesel", "FWD", ["9 Speed Automatic"], ["Mercedes Sprinter", "Fiat Ducato"], 195000, 2017, AU],
  ["Sunliner", "Holiday", "H3", "motorhome", 2, "diesel", "FWD", ["9 Speed Automatic"], ["Standard"], 160000, 2017, AU],
  ["Lotus Caravans", "Trooper", "19'6", "caravan", null, null, null, [], ["Off Grid", "Trooper Max"], 110000, 2016, AU],
  ["Zone RV", "Zone", "4.0", "caravan", null, null, null, [], ["Off Grid"], 125000, 2018, AU],
  ["Kimberley", "Kruiser", "Platinum", "camperTrailer", null, null, null, [], ["Standard", "Platinum"], 75000, 2016, AU],
]);

export function catalogueFor(kind: VehicleKind, market: Market): ModelSpec[] {
  const all = kind === "car" ? cars : kind === "4x4" ? fourByFours : kind === "motorcycle" ? motorcycles : campers;
  return all.filter((spec) => spec.markets.includes(market));
}
