#Requires -Version 7.2
Set-StrictMode -Version Latest

$script:DefaultCurrency = 'EUR'

<#
.SYNOPSIS
Gets the orders of a customer.

.DESCRIPTION
Reads the shop's API and returns one object per order, newest first.

.PARAMETER CustomerId
The customer whose orders are returned.

.EXAMPLE
Get-ShopOrder -CustomerId 42 | Select-Object -First 5
#>
function Get-ShopOrder {
    [CmdletBinding()]
    [OutputType([pscustomobject])]
    param(
        [Parameter(Mandatory, ValueFromPipelineByPropertyName)]
        [int]$CustomerId,

        [ValidateSet('open', 'paid', 'shipped')]
        [string]$State = 'open'
    )
    process {
        $uri = "https://shop.example.com/api/customers/$CustomerId/orders?state=$State"
        Invoke-RestMethod -Uri $uri -Headers @{ Accept = 'application/json' } |
            Sort-Object -Property placed -Descending
    }
}

function ConvertTo-Cents {
    <#
    .SYNOPSIS
    Turns an amount like 12.34 into cents (1234), rounding half away from zero.
    #>
    param([decimal]$Amount)
    [int][math]::Round($Amount * 100, [MidpointRounding]::AwayFromZero)
}

# Only the orders that are paid, as a pipeline filter.
filter Select-PaidOrder { if ($_.state -eq 'paid') { $_ } }

enum OrderState { Open; Paid; Shipped }

class ShopOrder {
    [int]$Id
    [OrderState]$State = [OrderState]::Open
    [System.Collections.Generic.List[decimal]]$Lines = @()

    ShopOrder([int]$id) {
        $this.Id = $id
    }

    # The order's total in cents, VAT included.
    [int] Total([decimal]$vatRate) {
        $net = ($this.Lines | Measure-Object -Sum).Sum
        return ConvertTo-Cents ($net * (1 + $vatRate))
    }

    static [ShopOrder] Parse([string]$json) {
        $data = $json | ConvertFrom-Json
        $order = [ShopOrder]::new($data.id)
        $order.State = [OrderState]$data.state
        return $order
    }
}

Describe "ConvertTo-Cents" {
    Context "with a plain amount" {
        It "multiplies by a hundred" {
            ConvertTo-Cents -Amount 12.34 | Should -Be 1234
        }
        It "rounds half away from zero" {
            ConvertTo-Cents -Amount 0.125 | Should -Be 13
        }
    }
}

Export-ModuleMember -Function Get-ShopOrder, ConvertTo-Cents
