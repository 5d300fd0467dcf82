export default function Page() {
  return <h1>Bonjour</h1>;
}
