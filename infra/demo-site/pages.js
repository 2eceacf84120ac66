// Content of the demo website (Crumb & Co., a fictional bakery-café): path -> { title, description, body }.

/** @type {Record<string, { title: string, description: string, body: string }>} */
const pages = {
  '/': {
    title: 'Fresh bread, good coffee',
    description:
      'Crumb & Co. is a neighbourhood bakery-café baking naturally leavened bread, laminated pastries and seasonal cakes every morning.',
    body: `<h1>Fresh bread, good coffee, every morning</h1>
<p>Crumb &amp; Co. is a neighbourhood bakery-café on Mill Lane. We bake naturally leavened sourdough, buttery croissants and seasonal cakes from 4 a.m. so that the shelves are full when the doors open at seven.</p>
<h2>Baked today</h2>
<p>Country sourdough, seeded rye, cardamom buns, almond croissants and our famous brown-butter cookies. See the full <a href="/menu">menu</a>.</p>
<h2>Catering and bread subscriptions</h2>
<p>Feeding a team meeting or a wedding? We cater breakfasts and afternoon teas, and our weekly bread subscription saves you a trip. Have a look at our <a href="/pricing">prices</a>.</p>
<h2>From our journal</h2>
<p>New to baking at home? Read our <a href="/blog/sourdough-starter-guide">guide to keeping a sourdough starter alive</a>.</p>`,
  },
  '/pricing': {
    title: 'Pricing',
    description:
      'Prices for Crumb & Co. catering platters, office breakfasts, wedding cakes and weekly bread subscriptions.',
    body: `<h1>Pricing</h1>
<p>Our prices for catering and bread subscriptions. All prices include VAT; delivery within 5 km is free for orders over $60.</p>
<h2>Catering</h2>
<table>
<tr><th>Package</th><th>Serves</th><th>Price</th></tr>
<tr><td>Office breakfast platter (croissants, buns, fruit)</td><td>10</td><td>$48</td></tr>
<tr><td>Afternoon tea (finger sandwiches, scones, cakes)</td><td>12</td><td>$96</td></tr>
<tr><td>Wedding cake, three tiers</td><td>80</td><td>from $420</td></tr>
</table>
<h2>Bread subscriptions</h2>
<table>
<tr><th>Plan</th><th>What you get</th><th>Price</th></tr>
<tr><td>Weekly loaf</td><td>One sourdough loaf every Saturday</td><td>$7.50 / week</td></tr>
<tr><td>Family box</td><td>Two loaves, six buns and a jar of jam</td><td>$19 / week</td></tr>
<tr><td>Café regular</td><td>Ten coffees and five pastries a month</td><td>$39 / month</td></tr>
</table>
<h2>Custom orders</h2>
<p>For larger events ask us for a quote on the <a href="/contact">contact page</a>.</p>`,
  },
  '/menu': {
    title: 'Menu',
    description: 'The Crumb & Co. menu: sourdough breads, viennoiserie, cakes, breakfast dishes and specialty coffee.',
    body: `<h1>Menu</h1>
<h2>Breads</h2>
<p>Country sourdough, seeded rye, spelt and honey, olive fougasse, and a baguette that sells out by ten.</p>
<h2>Pastries</h2>
<p>Butter croissant, almond croissant, pain au chocolat, cardamom bun, cinnamon knot, seasonal fruit danish.</p>
<h2>Cakes</h2>
<p>Lemon drizzle, carrot cake with brown-butter frosting, flourless chocolate torte (gluten free).</p>
<h2>Breakfast and lunch</h2>
<p>Sourdough toast with cultured butter, shakshuka, a grilled cheese with pickles, and the soup of the day.</p>
<h2>Coffee</h2>
<p>Espresso drinks from a local roaster, filter coffee, chai and hot chocolate. Oat milk at no extra charge.</p>`,
  },
  '/about': {
    title: 'About us',
    description:
      'The story of Crumb & Co., a small bakery-café founded in 2016 by two bakers who love slow fermentation.',
    body: `<h1>About Crumb &amp; Co.</h1>
<p>We opened in 2016 in a former bicycle shop with one deck oven and a lot of optimism. Today a team of twelve bakes, brews and serves six days a week.</p>
<h2>Our flour</h2>
<p>We use stone-milled flour from two family farms less than 100 km away, and we ferment our doughs for at least 18 hours.</p>
<h2>Our people</h2>
<p>Head baker Rosa Lindqvist trained in Copenhagen; Tom Achebe runs the café and the coffee programme.</p>`,
  },
  '/contact': {
    title: 'Contact',
    description: 'Find Crumb & Co. on Mill Lane: opening hours, phone, e-mail and how to order catering.',
    body: `<h1>Contact us</h1>
<h2>Visit</h2>
<p>14 Mill Lane, Harbourside. Open Tuesday to Sunday, 7:00 to 17:00. Closed on Mondays.</p>
<h2>Orders and catering</h2>
<p>Call 555-0142 or e-mail hello@crumbandco.example at least 48 hours ahead. See our <a href="/pricing">catering prices</a>.</p>`,
  },
  '/blog/sourdough-starter-guide': {
    title: 'How to keep a sourdough starter alive',
    description:
      'A practical guide to feeding, storing and reviving a sourdough starter at home, from the bakers at Crumb & Co.',
    body: `<h1>How to keep a sourdough starter alive</h1>
<p>A starter is just flour, water and patience. Here is how our bakers look after theirs.</p>
<h2>Feeding</h2>
<p>Discard all but 50 g, then feed with 50 g of flour and 50 g of lukewarm water. At room temperature feed it twice a day.</p>
<h2>Storing</h2>
<p>Going away? Feed it, let it rise for an hour, then keep it in the fridge for up to two weeks.</p>
<h2>Reviving a sluggish starter</h2>
<p>Feed it with a little rye flour and keep it somewhere warm. Grey liquid on top (hooch) just means it is hungry.</p>
<p>Prefer to let us do the work? Try a <a href="/pricing">bread subscription</a>.</p>`,
  },
};

module.exports = { pages };
