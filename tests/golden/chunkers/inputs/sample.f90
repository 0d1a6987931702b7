!> Orders and their totals (free form, Fortran 2008).
module shop_orders
  implicit none
  private
  public :: order_t, total, charge

  !> One order: its id and the prices of its lines, in cents.
  type :: order_t
    integer :: id = 0
    integer, allocatable :: cents(:)
  end type order_t

  !> The total of one order or of several.
  interface total
    module procedure total_one, total_many
  end interface total

contains

  !> The sum of an order's lines, in cents.
  pure function total_one(order) result(cents)
    type(order_t), intent(in) :: order
    integer :: cents
    cents = 0
    if (allocated(order%cents)) cents = sum(order%cents)
  end function total_one

  pure function total_many(orders) result(cents)
    type(order_t), intent(in) :: orders(:)
    integer :: cents, i
    cents = 0
    do i = 1, size(orders)
      cents = cents + total_one(orders(i))
    end do
  end function total_many

  ! Charge the customer for an order: fails when the order is empty.
  subroutine charge(order, paid, status)
    type(order_t), intent(in) :: order
    integer, intent(out) :: paid
    integer, intent(out) :: status
    paid = total_one(order)
    status = merge(0, 1, paid > 0)
  end subroutine charge

end module shop_orders

! A small program that charges one order.
program checkout
  use shop_orders, only: order_t, charge
  implicit none
  type(order_t) :: order
  integer :: paid, status
  order%id = 7
  order%cents = [1250, 399]
  call charge(order, paid, status)
  print '(a, i0, a, i0)', 'order ', order%id, ' paid ', paid
end program checkout
