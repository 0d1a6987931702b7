package Shop::Cart 1.02;
use strict;
use warnings;
use Moose;

# The items, as [sku, quantity, unit price in cents].
has items => (is => 'ro', isa => 'ArrayRef', default => sub { [] });
has 'currency' => (is => 'rw', isa => 'Str', default => 'EUR');

# Put an item in the cart, or add to its quantity when it is there already.
sub add_item {
    my ($self, $sku, $quantity, $price) = @_;
    for my $item (@{ $self->items }) {
        if ($item->[0] eq $sku) { $item->[1] += $quantity; return $self }
    }
    push @{ $self->items }, [$sku, $quantity, $price];
    return $self;
}

# The total in cents, after the discount.
sub total {
    my ($self, %opts) = @_;
    my $sum = 0;
    $sum += $_->[1] * $_->[2] for @{ $self->items };
    return $sum - ($opts{discount} // 0);
}

*sum = sub { my $self = shift; return $self->total(@_) };

sub Shop::Cart::Format::cents {
    my ($cents) = @_;
    return sprintf '%d.%02d', int($cents / 100), $cents % 100;
}

package Shop::Receipt;

sub render {
    my ($class, $cart) = @_;
    return join "\n", map { "$_->[0] x $_->[1]" } @{ $cart->items };
}

package Shop::Coupon {
    sub apply {
        my ($self, $cart) = @_;
        return $cart->total(discount => $self->{amount});
    }
}

use v5.38;
use experimental 'class';
class Shop::Point {
    field $x :param = 0;
    field $y :param = 0;
    method distance_from_origin { return sqrt($x * $x + $y * $y) }
}

1;

__END__

=head1 NAME

Shop::Cart - a shopping cart

=head1 METHODS

=head2 add_item

Puts an item in the cart.

=cut
