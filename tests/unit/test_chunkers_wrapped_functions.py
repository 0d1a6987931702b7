"""A function made by a wrapper call is a definition named after its variable.

three.js's shading language (TSL) writes its functions as `const D_GGX = Fn( ( { alpha } ) =>
{ ... } )`: 290 of them in three 0.187.0's src/ and examples/jsm/, each cut into nameless
windows, so a search for D_GGX found its callers. React's memo/forwardRef and middy handlers
have the same shape.
"""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for

D_GGX = """import { Fn } from '../../tsl/TSLBase.js';

// Microfacet Models for Refraction through Rough Surfaces - equation (33)
// alpha is "roughness squared" in Disney's reparameterization
const D_GGX = /*@__PURE__*/ Fn( ( { alpha, dotNH } ) => {

	const a2 = alpha.pow2();

	const denom = dotNH.pow2().mul( a2.oneMinus() ).oneMinus(); // avoid alpha = 0

	return a2.div( denom.pow2() ).mul( 1 / Math.PI );

}, { alpha: 'float', dotNH: 'float', return: 'float' } ); // validated

export const Card = React.memo( function Card( { title, children } ) {

	return renderCard( title, children, { elevated: true, padding: 'large' } );

} );

const doubledPrices = prices.map( ( price ) => price * 2 + shippingCostFor( price ) );

export default D_GGX;
"""


@pytest.mark.parametrize("language", ["javascript", "typescript"])
def test_a_function_made_by_a_wrapper_call_is_named_after_its_variable(language):
    chunker = chunker_for(language)
    assert chunker is not None
    pieces = chunker.chunk(D_GGX)
    named = {p.symbol: p for p in pieces if p.symbol}
    assert "D_GGX" in named and "Card" in named, [(p.symbol, p.start_line) for p in pieces]
    assert named["D_GGX"].content.startswith("// Microfacet Models")
    assert "return a2.div" in named["D_GGX"].content
    assert named["D_GGX"].symbol_type == "function"
    assert "doubledPrices" not in named  # an array's map is a value, not a function
