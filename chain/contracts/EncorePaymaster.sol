// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Paymaster} from "@openzeppelin/contracts/account/paymaster/Paymaster.sol";
import {PaymasterSigner} from "@openzeppelin/contracts/account/paymaster/extensions/PaymasterSigner.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignerECDSA} from "@openzeppelin/contracts/utils/cryptography/signers/SignerECDSA.sol";

/// The reference backend's ERC-7677 paymaster: OpenZeppelin's audited PaymasterSigner, which pays
/// for a user operation when `paymasterData` = validAfter (6 bytes) ‖ validUntil (6 bytes) ‖ an
/// ECDSA signature by the sponsor's signer over the operation (EIP-712 "UserOperationRequest",
/// domain "EncorePaymaster" / "1"). Encore's own code is only what OpenZeppelin leaves open:
/// - the EntryPoint is fixed at deployment (immutable), as for Encore's delegate;
/// - its deposit at the EntryPoint is funded by anyone (`deposit`) and withdrawn only by the
///   owner (`withdraw`, Ownable), who can also replace the signer (`setSigner`);
/// - the owner alone stakes it at the EntryPoint (`addStake`, `unlockStake`, `withdrawStake`):
///   bundlers keeping ERC-7562's rules for a public mempool take a paymaster that reads its own
///   storage (the signer) only when it is staked. Only the owner, since whoever adds stake sets
///   the unstake delay, which the EntryPoint lets only grow.
contract EncorePaymaster is PaymasterSigner, SignerECDSA, Ownable {
    IEntryPoint private immutable ENTRY_POINT;

    constructor(IEntryPoint entryPoint_, address signer_, address owner_)
        EIP712("EncorePaymaster", "1")
        SignerECDSA(signer_)
        Ownable(owner_)
    {
        ENTRY_POINT = entryPoint_;
    }

    function entryPoint() public view override returns (IEntryPoint) {
        return ENTRY_POINT;
    }

    /// Adds `msg.value` to this paymaster's deposit at the EntryPoint, from which it pays.
    function deposit() public payable {
        _deposit(msg.value);
    }

    /// Sends `value` of the deposit to `to`: the owner only.
    function withdraw(address payable to, uint256 value) public onlyOwner {
        _withdraw(to, value);
    }

    /// Replaces the key that signs `paymasterData`: the owner only (a leaked signer key).
    function setSigner(address signer_) public onlyOwner {
        _setSigner(signer_);
    }

    /// Stakes `msg.value` at the EntryPoint, withdrawable `unstakeDelaySec` after `unlockStake`.
    function addStake(uint32 unstakeDelaySec) public payable onlyOwner {
        _addStake(msg.value, unstakeDelaySec);
    }

    /// Starts the unstake delay; the paymaster counts as unstaked from now on.
    function unlockStake() public onlyOwner {
        _unlockStake();
    }

    /// Sends the whole stake to `to`, once the unstake delay has passed since `unlockStake`.
    function withdrawStake(address payable to) public onlyOwner {
        _withdrawStake(to);
    }
}
