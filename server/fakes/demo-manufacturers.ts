/**
 * Manufacturer data the fake dealer API serves (`/manufacturers/{slug}.json`), in the shape of
 * docs/operations.md "Brand pages": the current new-car range with from-prices. The bZ4X is in the range
 * but not in the demo stock, so a brand page shows a model with 0 in stock.
 */
export function demoManufacturers(): Record<string, unknown> {
  return {
    toyota: {
      name: "Toyota",
      models: [
        { name: "Yaris", from_price: 24990, body: "Hatch", image_url: null },
        { name: "Corolla", from_price: 31990, body: "Hatch", image_url: null },
        { name: "Camry", from_price: 39990, body: "Sedan", image_url: null },
        { name: "RAV4", from_price: 37990, body: "SUV", image_url: null },
        { name: "Kluger", from_price: 52990, body: "SUV", image_url: null },
        { name: "LandCruiser Prado", from_price: 64990, body: "SUV", image_url: null },
        { name: "LandCruiser", from_price: 89990, body: "SUV", image_url: null },
        { name: "HiLux", from_price: 33990, body: "Ute", image_url: null },
        { name: "bZ4X", from_price: 66000, body: "SUV", image_url: null },
      ],
    },
    mazda: {
      name: "Mazda",
      models: [
        { name: "Mazda2", from_price: 24990, body: "Hatch" },
        { name: "Mazda3", from_price: 31990, body: "Hatch" },
        { name: "CX-5", from_price: 36990, body: "SUV" },
        { name: "CX-60", from_price: 59990, body: "SUV" },
        { name: "BT-50", from_price: 38990, body: "Ute" },
      ],
    },
  };
}
