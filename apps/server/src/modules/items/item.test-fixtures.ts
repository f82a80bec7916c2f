/** General details that pass every completeness check (for the tests). */
export const COMPLETE_DETAILS = {
  images: [{ id: 'img-1', url: 'https://images.example.test/1.jpg' }],
  title: 'Vintage denim jacket',
  description: 'Blue, barely worn.',
  brand: "Levi's",
  condition: 'good',
  price: 45,
  category: 'Clothing > Men > Coats & Jackets',
  weight: { pounds: 1, ounces: 4 },
};
