// Placeholder until its issue builds this page.
export default function BlogPage() {
  return (
    <section className="mx-auto max-w-7xl p-6">
      <h1 className="text-3xl font-bold">Our Blog &amp; News</h1>
    </section>
  );
}
