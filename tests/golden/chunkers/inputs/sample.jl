module Shop

export Order, total, @checked

using Dates

"""
    AbstractItem

Anything an order can hold: it has a price in cents.
"""
abstract type AbstractItem end

"""
    Item(name, cents)

A product on sale, its price in cents.
"""
struct Item <: AbstractItem
    name::String
    cents::Int
end

"An order: its lines and when it was placed."
mutable struct Order{T<:AbstractItem}
    lines::Vector{T}
    placed::DateTime
    coupon::Union{Nothing,String}
end

Order(lines) = Order(lines, now(), nothing)

const VAT_RATE = 0.2

# The total of an order in cents, VAT included, after the coupon.
function total(o::Order)::Int
    net = sum(item.cents for item in o.lines; init = 0)
    if o.coupon !== nothing
        net = round(Int, net * 0.9)
    end
    return round(Int, net * (1 + VAT_RATE))
end

cents(i::Item) = i.cents
cents(o::Order) = total(o)

"""
    @checked expr

Run `expr` and fail when the order it returns has no lines.
"""
macro checked(ex)
    quote
        local o = $(esc(ex))
        isempty(o.lines) && throw(ArgumentError("empty order"))
        o
    end
end

Base.show(io::IO, o::Order) = print(io, "Order(", length(o.lines), " lines, ", total(o), ")")

function Base.length(o::Order)
    return length(o.lines)
end

function apply_coupon!(o::Order{T}, code::AbstractString) where {T}
    code in ("SPRING", "WELCOME") || throw(ArgumentError("unknown coupon $code"))
    o.coupon = code
    return o
end

end # module

using Test

@testset "Shop totals" begin
    o = Shop.Order([Shop.Item("tea", 400), Shop.Item("cake", 350)])
    @test Shop.total(o) == 900
    @testset "a coupon takes a tenth off" begin
        Shop.apply_coupon!(o, "SPRING")
        @test Shop.total(o) == 810
    end
end
