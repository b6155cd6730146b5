// Placeholder until its issue builds this page.
export default function ListingDetailPage() {
  return (
    <section className="mx-auto max-w-7xl p-6">
      <h1 className="text-3xl font-bold">Listing</h1>
    </section>
  );
}
